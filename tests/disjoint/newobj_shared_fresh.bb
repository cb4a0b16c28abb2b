// Sharing: startup gives every worker (one allocation site, in a loop) the
// same fresh table, and a second kind of worker the same table too.
class Table {
    int[] cells;
    Table() { cells = new int[8]; }
}

class Worker {
    flag run;
    Table t;
    int k;
    Worker(Table t, int k) { this.t = t; this.k = k; }
}

class Auditor {
    flag audit;
    Table t;
    Auditor(Table t) { this.t = t; }
}

task startup(StartupObject s in initialstate) {
    Table shared = new Table();
    for (int i = 0; i < 3; i++) {
        Worker w = new Worker(shared, i) { run := true };
    }
    Auditor a = new Auditor(shared) { audit := true };
    taskexit(s: initialstate := false);
}

task work(Worker w in run) {
    w.t.cells[w.k] = w.k + 1;
    taskexit(w: run := false);
}

task check(Auditor a in audit) {
    System.out.println("audited " + a.t.cells.length);
    taskexit(a: audit := false);
}
