// A run-time error on a rank other than 0 prints its line, naming the rank,
// and ends every rank with status 1. Round-robin sends item 0 to global
// core 1 (a task's new objects are routed last first), which is rank 1 at
// 2 ranks of one core each.
class Item {
    flag fresh;
    int n;
    int reps;
    Item(int n) { this.n = n; reps = 300000 + n; }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 4; i++) new Item(i) { fresh := true };
    taskexit(s: initialstate := false);
}

task work(Item i in fresh) {
    long sum = 0;
    for (int r = 0; r < i.reps; r++) sum += r ^ i.n;
    if (i.n == 0) {
        int[] a = new int[1];
        a[i.n + 1] = 1;
    }
    taskexit(i: fresh := false);
}
