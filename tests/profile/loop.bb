// loop.bb — a program whose profile is known exactly (tests/profile.rs).
// `startup` makes 5 Items through a method (allocation site 0, owned by a
// method) and a Counter (site 1); `work` runs 3 times on every Item (exit 1
// twice, exit 2 once) and allocates one Note per Item on its last run
// (site 2); `finish` merges finished Items into the Counter and ends the
// program with System.exit during its 5th invocation, so the profile is
// partial: finish is recorded 4 times.
class Item { flag todo; flag done; int n; }
class Note { flag fresh; }
class Counter { flag active; int k; }
class Maker {
    static void make(int count) {
        for (int i = 0; i < count; i++) {
            Item it = new Item() { todo := true };
        }
    }
}
task startup(StartupObject s in initialstate) {
    Maker.make(5);
    Counter c = new Counter() { active := true };
    taskexit(s: initialstate := false);
}
task work(Item it in todo) {
    it.n++;
    if (it.n < 3) taskexit(it: todo := true);
    Note n = new Note() { fresh := false };
    taskexit(it: todo := false, done := true);
}
task finish(Counter c in active, Item it in done) {
    c.k++;
    if (c.k == 5) {
        System.out.println("done");
        System.exit(0);
    }
    taskexit(it: done := false);
}
