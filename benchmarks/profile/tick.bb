// tick.bb — the profiler's per-invocation cost (benchmarks/profile_overhead.py).
// One object runs the task `tick` N times (argument 1, default 1000000): an
// exit that leaves it enabled, then one that ends the program. The body is
// nearly empty, so a profiling build's extra time per invocation is the
// cost of its hooks (two clock readings and the counters).
class Counter {
    flag go;
    int n;
    int limit;
    Counter(int limit) { this.limit = limit; }
}
task startup(StartupObject s in initialstate) {
    int limit = 1000000;
    if (s.args.length > 0) limit = Integer.parseInt(s.args[0]);
    Counter c = new Counter(limit) { go := true };
    taskexit(s: initialstate := false);
}
task tick(Counter c in go) {
    c.n++;
    if (c.n < c.limit) taskexit(c: go := true);
    System.out.println(c.n);
    taskexit(c: go := false);
}
