// A fan-out of tiny tasks into a merge: the startup task makes N work
// items; each is one tiny task, then merged into one sum. Usage: fanout N
class Work {
    flag todo;
    flag done;
    long v;
}

class Sum {
    flag open;
    int left;
    long acc;
}

task startup(StartupObject s in initialstate) {
    int n = Integer.parseInt(s.args[0]);
    for (int i = 0; i < n; i++) {
        Work w = new Work() { todo := true };
        w.v = i;
    }
    Sum m = new Sum() { open := true };
    m.left = n;
    taskexit(s: initialstate := false);
}

task work(Work w in todo) {
    w.v = (w.v * 2654435761L) % 1000003;
    taskexit(w: todo := false, done := true);
}

task merge(Sum m in open, Work w in done) {
    m.acc += w.v;
    m.left--;
    if (m.left == 0) {
        System.out.println("sum " + m.acc);
        taskexit(m: open := false; w: done := false);
    }
    taskexit(w: done := false);
}
