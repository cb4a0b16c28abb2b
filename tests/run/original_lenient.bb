// The Java rules the original Bamboo compiler did not check, accepted under
// --dialect original (the file original_lenient.dialect) with their defined
// behaviour: a method may end without `return` (it returns the default
// value), a local may be read before it is assigned (it holds the default
// each time its declaration runs), and a `void C(...)` method serves as a
// constructor of a class that declares none.
class Counter {
    flag counting;
    int n;
    String label;
    void Counter(int start, String label) { //~ WARNING W0104
        n = start;
        this.label = label;
    }
    int positive(int x) {
        if (x > 0) return x;
    } //~ WARNING W0300
    String name(boolean known) {
        if (known) return label;
    } //~ WARNING W0300
}

class Empty {
    int made;
    void Empty() { made = 42; } //~ WARNING W0104
}

class Base {
    int base;
    Base() { base = 5; }
}

class Derived extends Base {
    int extra;
    void Derived(int e) { extra = e + base; } //~ WARNING W0104
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter(3, "c") { counting := true };
    System.out.println(c.positive(4) + " " + c.positive(-4));
    System.out.println(c.name(true) + " " + c.name(false));
    for (int i = 0; i < 3; i++) {
        int k;
        double d;
        String t;
        if (i == 1) { k = 7; d = 1.5; t = "set"; }
        System.out.println(i + ": " + k + " " + d + " " + t); //~ WARNING W0302
        k = 9;
    }
    System.out.println(new Empty().made);
    Derived dv = new Derived(10);
    System.out.println(dv.base + " " + dv.extra);
    dv.Derived(1);
    System.out.println(dv.extra);
    taskexit(s: initialstate := false);
}

task count(Counter c in counting) {
    c.n++;
    if (c.n < 10) taskexit(c: counting := true);
    System.out.println("counted to " + c.n);
    taskexit(c: counting := false);
}
