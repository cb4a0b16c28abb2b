// Allocation blocks inside methods (static and instance, nested calls,
// in a loop, with a tag passed in as a parameter and a tag created in the
// method and returned): the objects are published when the calling task
// exits. A Collector adds up what the workers computed.

class Work {
    flag todo;
    flag done;
    int n;
    long result;

    Work(int n) {
        this.n = n;
    }

    void compute() {
        long r = 0;
        for (int i = 1; i <= n; i++)
            r += (long) i * i;
        result = r;
    }
}

class Factory {
    int made;

    static Work makeOne(int n) {
        return new Work(n) { todo := true };
    }

    void makeMany(int from, int to) {
        for (int i = from; i < to; i++) {
            makeOne(i);
            made++;
        }
    }

    tag makeTagged(int n, tag t) {
        new Work(n) { todo := true, add t };
        made++;
        return t;
    }

    static tag freshTag() {
        tag t = new tag(group);
        return t;
    }
}

class Collector {
    flag collecting;
    flag complete;
    int expected;
    int got;
    long total;

    Collector(int expected) {
        this.expected = expected;
    }
}

class Anchor {
    flag anchored;
    flag seen;
    int sawN;
}

task startup(StartupObject s in initialstate) {
    Factory f = new Factory();
    f.makeMany(1, 20);
    tag t = Factory.freshTag();
    t = f.makeTagged(100, t);
    f.makeTagged(200, t);
    new Anchor() { anchored := true, add t };
    new Collector(f.made) { collecting := true };
    System.out.println("made " + f.made);
    taskexit(s: initialstate := false);
}

task work(Work w in todo) {
    w.compute();
    taskexit(w: todo := false, done := true);
}

task collect(Collector c in collecting, Work w in done) {
    c.got++;
    c.total += w.result;
    if (c.got == c.expected) {
        taskexit(c: collecting := false, complete := true; w: done := false);
    }
    taskexit(w: done := false);
}

task tagged(Anchor a in anchored with group g, Work w in true with group g) {
    // runs exactly once, with one of the two Works bound to the tag
    a.sawN = w.n;
    taskexit(a: anchored := false, seen := true);
}

task report(Collector c in complete, Anchor a in seen) {
    System.out.println("collected " + c.got + " total " + c.total);
    System.out.println("anchor saw a tagged work: " + (a.sawN == 100 || a.sawN == 200));
    taskexit(c: complete := false; a: seen := false);
}
