// The merge pattern: many worker objects produce partial results that a
// multi-parameter task folds into one accumulator. The accumulator class
// has no flags of its own besides the one that ends the merge; a second
// accumulator without any flags is passed with the guard `true`.

class Partial {
    flag compute;
    flag submit;

    int lo;
    int hi;
    long sum;

    Partial(int lo, int hi) {
        this.lo = lo;
        this.hi = hi;
    }

    void compute() {
        long s = 0;
        for (int i = lo; i < hi; i++)
            s += (long) i * i;
        sum = s;
    }
}

class Accumulator {
    flag merging;
    int parts;
    int merged;
    long total;

    Accumulator(int parts) {
        this.parts = parts;
    }
}

class Counter {
    int merges;
}

task startup(StartupObject s in initialstate) {
    int n = 1000;
    int parts = 8;
    for (int i = 0; i < parts; i++)
        new Partial(i * n / parts, (i + 1) * n / parts) { compute := true };
    new Accumulator(parts) { merging := true };
    new Counter() {};
    taskexit(s: initialstate := false);
}

task work(Partial p in compute) {
    p.compute();
    taskexit(p: compute := false, submit := true);
}

task merge(Accumulator acc in merging, Partial p in submit, Counter c in true) {
    acc.total += p.sum;
    acc.merged++;
    c.merges++;
    if (acc.merged == acc.parts) {
        System.out.println("sum of squares below 1000 = " + acc.total + " (" + c.merges + " merges)");
        taskexit(acc: merging := false; p: submit := false);
    }
    taskexit(p: submit := false);
}
