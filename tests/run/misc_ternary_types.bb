// The type of a conditional expression: binary numeric promotion between
// the operands (int/long -> long, int/double -> double, char/int constant
// -> char, byte/short -> short), reference operands, nested conditionals,
// conditionals as lvalue-free expressions in arguments and concatenation.

class Tern {
    static String t(int x) { return "int"; }
    static String t(long x) { return "long"; }
    static String t(double x) { return "double"; }
    static String t(char x) { return "char"; }
    static String t(short x) { return "short"; }
    static String t(byte x) { return "byte"; }
    static String t(float x) { return "float"; }
    static String t(Object x) { return "Object"; }
    static String t(String x) { return "String"; }

    static void run() {
        boolean yes = true;
        boolean no = false;
        int i = 65;
        char c = 'B';
        byte b = 1;
        short s = 2;
        long l = 3;
        float f = 4.5f;
        System.out.println(t(yes ? 1 : 2L) + " " + (yes ? 1 : 2L));
        System.out.println(t(yes ? 1 : 2.0) + " " + (yes ? 1 : 2.0));
        System.out.println(t(yes ? c : 0) + " " + (yes ? c : 0));
        System.out.println(t(yes ? c : i) + " " + (yes ? c : i));
        System.out.println(t(no ? 'x' : 66) + " " + (no ? 'x' : 66));
        System.out.println(t(yes ? b : s) + " " + (yes ? b : s));
        System.out.println(t(yes ? b : 100) + " " + (yes ? b : 100));
        System.out.println(t(yes ? b : 1000) + " " + (yes ? b : 1000));
        System.out.println(t(yes ? f : l) + " " + (yes ? f : l));
        System.out.println(t(yes ? "s" : "t") + " " + t(yes ? "s" : null) + " " + t(yes ? (Object) "s" : "t"));
        System.out.println(t(no ? 1 : no ? 2L : 3.0) + " " + (no ? 1 : no ? 2L : 3.0));
        System.out.println(t(yes ? i : c) + " " + (yes ? (char) i : c));
        long big = yes ? Integer.MAX_VALUE + 1 : 0L;
        long big2 = yes ? Integer.MAX_VALUE + 1L : 0;
        System.out.println(big + " " + big2);
    }
}

task startup(StartupObject s in initialstate) {
    Tern.run();
    taskexit(s: initialstate := false);
}
