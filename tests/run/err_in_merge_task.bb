// A run-time error inside a two-parameter task after other tasks printed:
// the message names the failing task; earlier output is flushed.

class Part {
    flag ready;
    int divisor;

    Part(int divisor) {
        this.divisor = divisor;
    }
}

class Total {
    flag open;
    int sum;
}

task startup(StartupObject s in initialstate) {
    new Part(0) { ready := true };
    new Total() { open := true };
    System.out.println("started");
    taskexit(s: initialstate := false);
}

task combine(Total t in open, Part p in ready) {
    System.out.println("combining");
    t.sum += 100 / p.divisor;
    taskexit(p: ready := false);
}
