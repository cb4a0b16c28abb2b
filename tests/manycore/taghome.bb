// TagHome routing (runtime-c/src/sched.c, bb_tag_dest). With the layout of
// compiler/tests/manycore.rs (`spawn` and `join` on cores 0 to 3, `spawn`
// round-robin, `join` by TagHome), each Seed's `spawn` makes a `job` tag
// and two Parts bound to it, and the two Parts' `join` runs on the core
// that made the tag: the core of that `spawn`.
// Usage: taghome (prints the joins in order of their seeds)

class Seed {
    flag go;
    int n;

    Seed(int n) {
        this.n = n;
    }
}

class Part {
    flag ready;
    int n;

    Part(int n) {
        this.n = n;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 1; i <= 8; i++) {
        new Seed(i) { go := true };
    }
    taskexit(s: initialstate := false);
}

task spawn(Seed d in go) {
    tag t = new tag(job);
    new Part(d.n) { ready := true, add t };
    new Part(d.n) { ready := true, add t };
    taskexit(d: go := false);
}

task join(Part a in ready with job t, Part b in ready with job t) {
    System.out.println("join " + a.n + " " + b.n);
    taskexit(a: ready := false, clear t; b: ready := false, clear t);
}
