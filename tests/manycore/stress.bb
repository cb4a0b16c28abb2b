// Many-core stress: 10^6 tiny task invocations with tagged merges.
// 250 batches, each with its own tag instance, make 2,000 items each;
// `work` runs on any core (round-robin), `merge` brings every item back to
// its batch (both carry the batch's tag, so tag hashing puts them on one
// core), and `total` adds up the finished batches. 500,000 `work` and
// 500,000 `merge` invocations; the sums below are checked exactly.
// Usage: stress [BATCHES] (default 250)

class Batch {
    flag fresh;
    flag collecting;
    flag finished;
    int id;
    int merged;
    long sum;

    Batch(int id) {
        this.id = id;
    }
}

class Item {
    flag ready;
    flag done;
    int value;

    Item(int value) {
        this.value = value;
    }
}

class Summary {
    flag open;
    int batches;
    int expected;
    long sum;
}

task startup(StartupObject s in initialstate) {
    int n = 250;
    if (s.args.length > 0) {
        n = Integer.parseInt(s.args[0]);
    }
    for (int i = 0; i < n; i++) {
        tag t = new tag(grp);
        new Batch(i) { fresh := true, add t };
    }
    Summary m = new Summary() { open := true };
    m.expected = n;
    taskexit(s: initialstate := false);
}

task fill(Batch b in fresh with grp t) {
    for (int i = 0; i < 2000; i++) {
        new Item(b.id * 2000 + i) { ready := true, add t };
    }
    taskexit(b: fresh := false, collecting := true);
}

task work(Item i in ready) {
    i.value = i.value * 3 + 1;
    taskexit(i: ready := false, done := true);
}

task merge(Batch b in collecting with grp t, Item i in done with grp t) {
    b.merged++;
    b.sum += i.value;
    if (b.merged == 2000) {
        taskexit(b: collecting := false, finished := true; i: done := false);
    }
    taskexit(i: done := false);
}

task total(Summary m in open, Batch b in finished) {
    m.batches++;
    m.sum += b.sum;
    if (m.batches == m.expected) {
        System.out.println("batches " + m.batches + " sum " + m.sum);
        taskexit(m: open := false; b: finished := false);
    }
    taskexit(b: finished := false);
}
