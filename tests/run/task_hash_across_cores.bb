// Identity hashes taken on any core: startup makes 3,000 items on one core;
// `first` gives each its identity hash wherever the item is sent (on many
// cores, a core other than the one whose heap holds it, possibly while that
// core sweeps its heap after a collection), and `check` takes the hash again
// after more collections and compares. BAMBOO_GC_STRESS=1 collects at every
// boundary; the hash must never change and no item may be lost.

class Item {
    flag fresh;
    flag hashed;
    int id;
    int first;
    int[] ballast;

    Item(int id) {
        this.id = id;
    }
}

class Tally {
    flag counting;
    flag done;
    int total;
    int seen;
    int stable;
    long ids;
    HashSet distinct = new HashSet();

    Tally(int total) {
        this.total = total;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 3000; i++)
        new Item(i) { fresh := true };
    new Tally(3000) { counting := true };
    taskexit(s: initialstate := false);
}

task first(Item it in fresh) {
    it.first = it.hashCode();
    it.ballast = new int[64 + it.id % 32];
    int[] garbage = new int[200];
    garbage[it.id % 200] = it.id;
    it.ballast[0] = garbage[it.id % 200];
    taskexit(it: fresh := false, hashed := true);
}

task check(Tally t in counting, Item it in hashed) {
    t.seen++;
    if (it.hashCode() == it.first && it.ballast[0] == it.id)
        t.stable++;
    t.ids += it.id;
    t.distinct.add(it);
    if (t.seen == t.total)
        taskexit(t: counting := false, done := true; it: hashed := false);
    taskexit(it: hashed := false);
}

task report(Tally t in done) {
    System.out.println("seen " + t.seen + " stable " + t.stable + " ids " + t.ids + " distinct " + t.distinct.size());
    taskexit(t: done := false);
}
