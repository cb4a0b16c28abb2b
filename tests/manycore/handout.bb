// The order of a core's ready invocations (runtime-c/src/sched.c, "Order")
// when a task hands out work: `hand` keeps its Boss for itself while it
// hands each Piece on, so the work each hand-out enables is held back until
// every Piece is handed out (on many cores, the other cores get theirs
// first). Then the held work runs, the last held first, as the simulator
// orders it (compiler/src/sim.rs, `keep`). The depth-first order without
// the hold printed "hand 1", "work 1", "hand 2", "work 2", ...
// Usage: handout (prints the order of the invocations)

class Boss {
    flag handing;
    int left;
}

class Piece {
    flag idle;
    flag work;
    int n;

    Piece(int n) {
        this.n = n;
    }
}

task startup(StartupObject s in initialstate) {
    Boss b = new Boss() { handing := true };
    b.left = 4;
    for (int i = 1; i <= 4; i++) {
        new Piece(i) { idle := true };
    }
    taskexit(s: initialstate := false);
}

task hand(Boss b in handing, Piece p in idle) {
    System.out.println("hand " + p.n);
    b.left = b.left - 1;
    if (b.left == 0) {
        taskexit(b: handing := false; p: idle := false, work := true);
    }
    taskexit(p: idle := false, work := true);
}

task work(Piece p in work) {
    System.out.println("work " + p.n);
    taskexit(p: work := false);
}
