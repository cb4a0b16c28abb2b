// Constructors: overloaded constructors chained with this(...), explicit
// and implicit super(...), field initialisers that run before the
// constructor body, and default constructors.

class Counter {
    int start = 10;
    int step;
    String name;

    Counter() {
        this(1);
    }

    Counter(int step) {
        this("counter", step);
    }

    Counter(String name, int step) {
        super();
        this.name = name;
        this.step = step;
        start += step;
    }
}

class NamedCounter extends Counter {
    String tag2 = "named";

    NamedCounter(String n) {
        super(n, 5);
        tag2 = tag2 + ":" + n;
    }

    NamedCounter() {
        this("anon");
    }
}

class Defaulted {
    int x = 3;
}

class Child extends Defaulted {
    int y;

    Child() {
        y = x * 2;
    }
}

class Pair {
    private final int a;
    private final int b;

    Pair(int a, int b) {
        this.a = a;
        this.b = b;
    }

    Pair(int both) {
        this(both, both);
    }

    int sum() {
        return a + b;
    }
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter();
    System.out.println(c.name + " " + c.step + " " + c.start);
    NamedCounter n = new NamedCounter();
    System.out.println(n.name + " " + n.step + " " + n.start + " " + n.tag2);
    Child ch = new Child();
    System.out.println(ch.x + " " + ch.y);
    Defaulted d = new Defaulted();
    System.out.println(d.x);
    System.out.println(new Pair(4).sum() + new Pair(1, 2).sum());
    taskexit(s: initialstate := false);
}
