// System.exit(n) from the startup task: the exit status is n, what was
// printed before is flushed, and nothing after the call runs (not the rest
// of the task, not the task objects it made).

class Worker {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    System.out.println("before exit");
    System.out.print("partial line, no newline");
    new Worker() { ready := true };
    if (s.args.length == 0)
        System.exit(3);
    System.out.println("not reached");
    taskexit(s: initialstate := false);
}

task work(Worker w in ready) {
    System.out.println("worker ran");
    taskexit(w: ready := false);
}
