// Local dispatch: one task whose exit leaves it enabled runs N times on
// one core (the scheduler's per-invocation cost). Usage: dispatch N
class Counter {
    flag on;
    int n;
    int limit;
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter() { on := true };
    c.limit = Integer.parseInt(s.args[0]);
    taskexit(s: initialstate := false);
}

task tick(Counter c in on) {
    c.n++;
    if (c.n == c.limit) {
        System.out.println("ticks " + c.n);
        taskexit(c: on := false);
    }
}
