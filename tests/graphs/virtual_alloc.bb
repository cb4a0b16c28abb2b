// New-object edges through calls: `spawn` allocates Work objects only in
// the override `Eager.make`, reached by a virtual call; `step` counts up
// and re-runs until it leaves through its explicit exit (the end of its
// body is reachable, so it is an exit too).
class Work {
    flag todo;
    int n;
}

class Maker {
    void make() {
    }
}

class Eager extends Maker {
    void make() {
        new Work() { todo := true };
    }
}

class Job {
    flag go;
}

task startup(StartupObject s in initialstate) {
    new Job() { go := true };
    taskexit(s: initialstate := false);
}

task spawn(Job j in go) {
    Maker m = new Eager();
    m.make();
    taskexit(j: go := false);
}

task step(Work w in todo) {
    w.n++;
    if (w.n == 3)
        taskexit(w: todo := false);
}
