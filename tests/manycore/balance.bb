// An idle core is handed queued work. With the layout of
// compiler/tests/manycore.rs, core 0 sends all eight jobs to core 1 and
// then has nothing to do; core 1 hands it its oldest queued jobs, up to
// half its queue, at a task boundary (runtime-c/src/cores.c, "Balance").
// Usage: balance (prints each job when it is done, in any order)

class Job {
    flag todo;
    int n;

    Job(int n) {
        this.n = n;
    }

    // About 10 ms of arithmetic, so that core 1 still has jobs queued
    // when core 0 asks for work.
    double spin() {
        double x = 0.0;
        for (int i = 0; i < 10000000; i++) {
            x = x * 0.999999 + 1.0;
        }
        return x;
    }
}

task startup(StartupObject s in initialstate) {
    for (int n = 1; n <= 8; n++) {
        new Job(n) { todo := true };
    }
    taskexit(s: initialstate := false);
}

task work(Job j in todo) {
    if (j.spin() > 0.0) {
        System.out.println("job " + j.n + " done");
    }
    taskexit(j: todo := false);
}
