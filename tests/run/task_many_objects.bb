// 20,000 tiny task objects: a generator task, re-enabled 200 times,
// allocates 100 Tiny objects per invocation; each Tiny is processed by a
// one-parameter task and merged into one accumulator by a two-parameter
// task. The result does not depend on the order: a sum, a xor and a count.

class Tiny {
    flag fresh;
    flag ready;
    int v;

    Tiny(int v) {
        this.v = v;
    }
}

class Generator {
    flag active;
    int next;

    // How many Tiny objects the program makes (and the accumulator merges).
    static final int TOTAL = 20000;
}

class Acc {
    flag open;
    int count;
    long sum;
    int xor;
}

task startup(StartupObject s in initialstate) {
    new Generator() { active := true };
    new Acc() { open := true };
    taskexit(s: initialstate := false);
}

task generate(Generator g in active) {
    for (int i = 0; i < 100; i++) {
        new Tiny(g.next) { fresh := true };
        g.next++;
    }
    if (g.next == Generator.TOTAL)
        taskexit(g: active := false);
    taskexit(g: active := true);
}

task square(Tiny t in fresh) {
    t.v = (t.v * t.v) % 1000003;
    taskexit(t: fresh := false, ready := true);
}

task merge(Acc a in open, Tiny t in ready) {
    a.count++;
    a.sum += t.v;
    a.xor ^= t.v;
    if (a.count == Generator.TOTAL) {
        System.out.println("count " + a.count + " sum " + a.sum + " xor " + a.xor);
        taskexit(a: open := false; t: ready := false);
    }
    taskexit(t: ready := false);
}
