// The order of a core's ready invocations (runtime-c/src/sched.c): the
// newest first, a task's new objects in the order it made them, and the
// oldest once BB_QUEUE_PATIENCE (16384) others were queued after it. On one
// core, startup's three Items each go through `first` and `second` before
// the next starts, in the order they were made (a FIFO printed the three
// `first`s, then the three `second`s), then the Seed. Then the two Late
// objects, older than every Link of a chain in which each Link makes the
// next: the oldest runs once 16384 invocations were queued after it (after
// Link 16383), not after the whole chain (40000 Links), and the other
// once 16384 more were queued (after Link 32767), not right after it.
// Usage: order (prints the order of the invocations)

class Item {
    flag fresh;
    flag done;
    int n;

    Item(int n) {
        this.n = n;
    }
}

class Late {
    flag waiting;
    int n;

    Late(int n) {
        this.n = n;
    }
}

class Link {
    flag next;
    int n;

    Link(int n) {
        this.n = n;
    }
}

class Seed {
    flag go;
}

task startup(StartupObject s in initialstate) {
    for (int i = 1; i <= 3; i++) {
        new Item(i) { fresh := true };
    }
    new Seed() { go := true };
    taskexit(s: initialstate := false);
}

task first(Item i in fresh) {
    System.out.println("first " + i.n);
    taskexit(i: fresh := false, done := true);
}

task second(Item i in done) {
    System.out.println("second " + i.n);
    taskexit(i: done := false);
}

task seed(Seed d in go) {
    new Link(1) { next := true };
    new Late(1) { waiting := true };
    new Late(2) { waiting := true };
    taskexit(d: go := false);
}

task late(Late l in waiting) {
    System.out.println("late " + l.n);
    taskexit(l: waiting := false);
}

task link(Link k in next) {
    if (k.n % 8192 == 0) {
        System.out.println("link " + k.n);
    }
    if (k.n < 40000) {
        new Link(k.n + 1) { next := true };
    }
    taskexit(k: next := false);
}
