// Sharing: a task stores a new task object into its parameter's field; the
// new object is then reachable from both.
class Holder {
    flag ready;
    flag full;
    Job last;
}

class Job {
    flag todo;
    int n;
    Job(int n) { this.n = n; }
}

task startup(StartupObject s in initialstate) {
    Holder h = new Holder() { ready := true };
    taskexit(s: initialstate := false);
}

task fill(Holder h in ready) {
    h.last = new Job(5) { todo := true };
    taskexit(h: ready := false, full := true);
}

task run(Job j in todo) {
    System.out.println("job " + j.n);
    taskexit(j: todo := false);
}
