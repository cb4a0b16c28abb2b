// Tag pairing: the startup task makes N pairs of objects, each pair bound
// to one tag instance; a tiny task joins each pair, and a tally counts
// them. Usage: tagpair N
class Left {
    flag ready;
    int v;
}

class Right {
    flag ready;
    int v;
}

class Joined {
    flag made;
    int v;
}

class Tally {
    flag open;
    int left;
    long total;
}

task startup(StartupObject s in initialstate) {
    int n = Integer.parseInt(s.args[0]);
    for (int i = 0; i < n; i++) {
        tag t = new tag(pair);
        Left l = new Left() { ready := true, add t };
        l.v = i;
        Right r = new Right() { ready := true, add t };
        r.v = 2 * i;
    }
    Tally y = new Tally() { open := true };
    y.left = n;
    taskexit(s: initialstate := false);
}

task join(Left l in ready with pair t, Right r in ready with pair t) {
    Joined j = new Joined() { made := true };
    j.v = l.v + r.v;
    taskexit(l: ready := false; r: ready := false);
}

task tally(Tally y in open, Joined j in made) {
    y.total += j.v;
    y.left--;
    if (y.left == 0) {
        System.out.println("pairs total " + y.total);
        taskexit(y: open := false; j: made := false);
    }
    taskexit(j: made := false);
}
