// Constructors: overloading, this(...) chains, super(...) with arguments,
// implicit super(), field initialisers run after super() and before the
// constructor body, a super constructor calling an overridden method
// (which sees the subclass's fields still at their defaults).

class Base {
    int a = 1;
    int b;
    String log = "";

    Base() {
        this(100);
        log += "Base() ";
    }

    Base(int b) {
        this.b = b;
        log += "Base(int) a=" + a + " ";
        init();
    }

    void init() {
        log += "Base.init ";
    }
}

class Derived extends Base {
    int c = 5;
    String label = "set";

    Derived() {
        log += "Derived() c=" + c + " ";
    }

    Derived(int x) {
        super(x * 2);
        c += x;
        log += "Derived(int) ";
    }

    Derived(String t) {
        this(3);
        label = t;
        log += "Derived(String) ";
    }

    void init() {
        log += "Derived.init c=" + c + " label=" + label + " ";
    }
}

class Point {
    final int x;
    final int y;

    Point() {
        this(0, 0);
    }

    Point(int x) {
        this(x, x);
    }

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    Point(Point other) {
        this(other.x + 1, other.y + 1);
    }

    public String toString() {
        return "(" + x + "," + y + ")";
    }
}

class Ctors {
    static void run() {
        Base b = new Base();
        System.out.println(b.log + "| b=" + b.b);
        Derived d1 = new Derived();
        System.out.println(d1.log + "| b=" + d1.b + " c=" + d1.c);
        Derived d2 = new Derived(4);
        System.out.println(d2.log + "| b=" + d2.b + " c=" + d2.c);
        Derived d3 = new Derived("custom");
        System.out.println(d3.log + "| c=" + d3.c + " label=" + d3.label);
        System.out.println(new Point() + " " + new Point(3) + " " + new Point(1, 2) + " " + new Point(new Point(5)));
    }
}

task startup(StartupObject s in initialstate) {
    Ctors.run();
    taskexit(s: initialstate := false);
}
