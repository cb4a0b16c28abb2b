// Tags pair objects: startup makes 50 (A, B) pairs, each pair bound to its
// own tag instance of type link. pair(A a with link t, B b with link t)
// must only ever see an A and a B bound to the same instance: every
// invocation checks that the two ids agree. A Summary collects the pairs
// and prints once all 50 have been paired.

class A {
    flag f;
    flag paired;
    int id;

    A(int id) {
        this.id = id;
    }
}

class B {
    flag g;
    flag paired;
    int id;
    int weight;

    B(int id, int weight) {
        this.id = id;
        this.weight = weight;
    }
}

class Summary {
    flag collecting;
    int pairs;
    int mismatches;
    long checksum;
    boolean[] seen = new boolean[50];

    void add(A a, B b) {
        pairs++;
        if (a.id != b.id)
            mismatches++;
        if (seen[a.id])
            mismatches++;
        seen[a.id] = true;
        checksum += (long) a.id * b.weight;
    }
}

class PairLink {
    flag pending;
    A a;
    B b;

    PairLink(A a, B b) {
        this.a = a;
        this.b = b;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 50; i++) {
        tag t = new tag(link);
        new A(i) { f := true, add t };
        new B(i, i * 3 + 1) { g := true, add t };
    }
    new Summary() { collecting := true };
    taskexit(s: initialstate := false);
}

task pair(A a in f with link t, B b in g with link t) {
    new PairLink(a, b) { pending := true };
    taskexit(a: f := false, paired := true; b: g := false, paired := true);
}

task record(Summary s in collecting, PairLink p in pending) {
    s.add(p.a, p.b);
    if (s.pairs == 50) {
        System.out.println("pairs " + s.pairs + " mismatches " + s.mismatches + " checksum " + s.checksum);
        taskexit(s: collecting := false; p: pending := false);
    }
    taskexit(p: pending := false);
}
