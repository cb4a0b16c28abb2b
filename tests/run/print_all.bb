// System.out.print/println of every type, println() alone, char[] and
// Object (null), the static System.print/println of the original
// distribution, System.printString/printInt/printI/printDouble,
// System.err output does not reach stdout.

class Thing {
    public String toString() {
        return "thing";
    }
}

class Printing {
    static void run() {
        System.out.print(true);
        System.out.print(' ');
        System.out.print('c');
        System.out.print(' ');
        System.out.print((byte) -1);
        System.out.print(' ');
        System.out.print((short) 300);
        System.out.print(' ');
        System.out.print(42);
        System.out.print(' ');
        System.out.print(-42L);
        System.out.print(' ');
        System.out.print(1.5f);
        System.out.print(' ');
        System.out.print(0.1);
        System.out.print(' ');
        System.out.print("str");
        System.out.print(' ');
        System.out.print(new Thing());
        System.out.print(' ');
        System.out.print(new char[] { 'a', 'b' });
        System.out.println();
        System.out.println(false);
        System.out.println('x');
        System.out.println((byte) 5);
        System.out.println((short) -5);
        System.out.println(Integer.MIN_VALUE);
        System.out.println(Long.MIN_VALUE);
        System.out.println(1e-5f);
        System.out.println(1e21);
        System.out.println("line");
        System.out.println(new Thing());
        System.out.println(new char[] { 'c', 'd' });
        String ns = null;
        Object no = null;
        System.out.println(ns);
        System.out.println(no);
        System.out.println("");
        System.print("static ");
        System.print(1);
        System.print(' ');
        System.print(2.5);
        System.println(true);
        System.println("static println");
        System.println(7L);
        System.println();
        System.printString("printString ");
        System.printInt(-12);
        System.printString(" ");
        System.printDouble(1.0E10);
        System.printString("\n");
        System.printI(99);
        System.printI(-1);
        System.err.println("to stderr");
        System.out.println("end");
    }
}

task startup(StartupObject s in initialstate) {
    Printing.run();
    taskexit(s: initialstate := false);
}
