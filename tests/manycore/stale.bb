// Stale parameter-set entries must not keep objects alive. A Walker carries
// a 256 KiB payload along a chain of Posts: at every hop it leaves its tag,
// gains the next one and stays `waiting`, so the runtime routes it again,
// by the new tag, possibly to the other core's set of the other hop task,
// while the set it was taken from keeps an entry for it. When the walk
// ends on one core, only that core's sets forget the Walker; the entries
// left on the other core no longer match its state and must be dropped by
// the collector, not marked. The walks run one after another, so at most
// one payload is live; with the stale entries kept as roots, every
// payload stayed live (`rounds` x 256 KiB).
// Usage: stale [ROUNDS] (default 200)

class Walker {
    flag waiting;
    int[] payload;
    int hops;

    Walker() {
        payload = new int[65536];
    }
}

class Post {
    flag ready;
}

class End {
    flag ready;
}

class Driver {
    flag running;
    int round;
    int rounds;
    long hops;
}

task startup(StartupObject s in initialstate) {
    int n = 200;
    if (s.args.length > 0) {
        n = Integer.parseInt(s.args[0]);
    }
    Driver d = new Driver() { running := true };
    d.rounds = n;
    Walks.walk();
    taskexit(s: initialstate := false);
}

// One walk: a Walker bound to tag a0 and Posts linking a0 -> b1 -> a2 ->
// ... -> b7 -> a8, then an End bound to a8.
class Walks {
    static void walk() {
    tag a = new tag(odd);
    new Walker() { waiting := true, add a };
    for (int i = 0; i < 4; i++) {
        tag b = new tag(even);
        new Post() { ready := true, add a, add b };
        a = new tag(odd);
        new Post() { ready := true, add b, add a };
    }
    new End() { ready := true, add a };
    }
}

task hopOdd(Walker w in waiting with odd t, Post p in ready with odd t and even n) {
    w.hops++;
    taskexit(w: clear t, add n; p: ready := false, clear t, clear n);
}

task hopEven(Walker w in waiting with even t, Post p in ready with even t and odd n) {
    w.hops++;
    taskexit(w: clear t, add n; p: ready := false, clear t, clear n);
}

task arrive(Driver d in running, Walker w in waiting with odd t, End e in ready with odd t) {
    d.round++;
    d.hops += w.hops;
    if (d.round == d.rounds) {
        System.out.println("rounds " + d.round + " hops " + d.hops);
        taskexit(d: running := false; w: waiting := false, clear t; e: ready := false, clear t);
    }
    Walks.walk();
    taskexit(w: waiting := false, clear t; e: ready := false, clear t);
}
