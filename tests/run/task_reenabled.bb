// A task whose exit leaves it enabled runs again on the same object; it
// stops via a counter (an exit that changes the flag). Two counters run
// interleaved; the end of the body (no taskexit) also leaves the task
// enabled. The final task prints once both counters have finished.

class Counter {
    flag counting;
    flag finished;
    int n;
    int limit;
    long acc;

    Counter(int limit) {
        this.limit = limit;
    }
}

class Done {
    flag waiting;
    int finished;
    long total;
}

task startup(StartupObject s in initialstate) {
    new Counter(1000) { counting := true };
    new Counter(37) { counting := true };
    new Done() { waiting := true };
    taskexit(s: initialstate := false);
}

task count(Counter c in counting) {
    c.n++;
    c.acc += c.n;
    if (c.n == c.limit)
        taskexit(c: counting := false, finished := true);
    if (c.n % 2 == 0)
        taskexit(c: counting := true);   // explicitly stays enabled
    // falling off the end: also stays enabled
}

task finish(Done d in waiting, Counter c in finished) {
    d.finished++;
    d.total += c.acc;
    if (d.finished == 2) {
        System.out.println("both finished, total " + d.total);
        taskexit(d: waiting := false; c: finished := false);
    }
    taskexit(c: finished := false);
}
