// Overload resolution: exact match, widening primitive conversions (byte
// to int, int to long, int to double, char to int), the most specific
// method, overloads on class types (subclass preferred, null to the most
// specific), overloads inherited and added in subclasses, static overloads.

class A {
    String who() {
        return "A";
    }
}

class B extends A {
    String who() {
        return "B";
    }
}

class Over {
    static String f(int x) { return "int"; }
    static String f(long x) { return "long"; }
    static String f(double x) { return "double"; }
    static String f(float x) { return "float"; }
    static String f(char x) { return "char"; }
    static String f(String x) { return "String"; }
    static String f(Object x) { return "Object"; }

    static String g(long x) { return "g-long"; }
    static String g(double x) { return "g-double"; }

    static String h(double x) { return "h-double"; }

    static String k(A a) { return "k(A)" + (a == null ? "-" : a.who()); }
    static String k(B b) { return "k(B)" + (b == null ? "-" : b.who()); }

    static String m(int a, double b) { return "m(int,double)"; }
    static String m(double a, int b) { return "m(double,int)"; }
    static String m(int a, int b, int c) { return "m3"; }

    static String s(short x) { return "short"; }
    static String s(int x) { return "int"; }

    static void run() {
        byte by = 1;
        short sh = 2;
        char ch = 'c';
        long lo = 4;
        float fl = 5;
        System.out.println(f(1) + " " + f(by) + " " + f(sh) + " " + f(ch) + " " + f(lo) + " " + f(fl) + " " + f(2.0) + " " + f("s") + " " + f(new A()) + " " + f(null));
        System.out.println(g(1) + " " + g(ch) + " " + g(1.5f) + " " + g(lo));
        System.out.println(h(1) + " " + h('x') + " " + h(lo));
        A ab = new B();
        System.out.println(k(new A()) + " " + k(new B()) + " " + k(ab) + " " + k((B) ab) + " " + k(null));
        System.out.println(m(1, 2.0) + " " + m(1.0, 2) + " " + m(1, 2, 3));
        System.out.println(s(by) + " " + s(sh) + " " + s(ch) + " " + s((short) 7));
        Printer p = new Printer();
        Printer q = new FancyPrinter();
        System.out.println(p.print(3) + " " + p.print("x") + " " + q.print(3) + " " + q.print("x") + " " + q.print(2.5));
        FancyPrinter fp = new FancyPrinter();
        System.out.println(fp.print('c') + " " + fp.print(7L));
    }
}

class Printer {
    String print(int x) { return "P.int"; }
    String print(String x) { return "P.String"; }
    String print(double x) { return "P.double"; }
}

class FancyPrinter extends Printer {
    String print(int x) { return "F.int"; }
    String print(long x) { return "F.long"; }
}

task startup(StartupObject s in initialstate) {
    Over.run();
    taskexit(s: initialstate := false);
}
