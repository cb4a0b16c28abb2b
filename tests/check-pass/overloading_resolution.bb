// Overloading: the most specific applicable method is chosen by widening
// primitive conversions and by subclassing; null picks the most specific
// reference type; constructors and static methods overload too.

class Base {
}

class Derived extends Base {
}

class Printer {
    String which;

    Printer() {
        which = "none";
    }

    Printer(int x) {
        which = "int";
    }

    Printer(double x) {
        which = "double";
    }

    Printer(String x) {
        which = "String";
    }

    String f(int x) { return "f(int)"; }
    String f(long x) { return "f(long)"; }
    String f(float x) { return "f(float)"; }
    String f(double x) { return "f(double)"; }
    String f(char x) { return "f(char)"; }
    String f(Object x) { return "f(Object)"; }
    String f(String x) { return "f(String)"; }

    String g(long x) { return "g(long)"; }
    String g(double x) { return "g(double)"; }

    String h(Base b) { return "h(Base)"; }
    String h(Derived d) { return "h(Derived)"; }

    String k(Base a, Derived b) { return "k(Base,Derived)"; }
    String k(Derived a, Derived b) { return "k(Derived,Derived)"; }

    String arity(int a) { return "one"; }
    String arity(int a, int b) { return "two"; }

    static String st(int x) { return "st(int)"; }
    static String st(int[] x) { return "st(int[])"; }
}

task startup(StartupObject s in initialstate) {
    Printer p = new Printer();
    byte b = 1;
    short sh = 2;
    System.out.println(p.f(1) + " " + p.f(b) + " " + p.f(sh));
    System.out.println(p.f(1L) + " " + p.f(1.0f) + " " + p.f(1.0));
    System.out.println(p.f('c') + " " + p.f("s") + " " + p.f(new Base()));
    System.out.println(p.f(null));
    System.out.println(p.g(3) + " " + p.g('c') + " " + p.g(3.0f));
    Base asBase = new Derived();
    System.out.println(p.h(new Derived()) + " " + p.h(asBase) + " " + p.h(null));
    System.out.println(p.k(new Derived(), new Derived()) + " " + p.k(asBase, new Derived()));
    System.out.println(p.arity(1) + " " + p.arity(1, 2));
    System.out.println(Printer.st(4) + " " + Printer.st(new int[0]));
    System.out.println(new Printer(1).which + " " + new Printer(1.5f).which + " "
        + new Printer("x").which + " " + new Printer('c').which + " " + new Printer(2L).which);
    taskexit(s: initialstate := false);
}
