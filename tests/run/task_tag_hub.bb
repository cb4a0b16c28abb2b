// One object bound to many tag instances of the same type: a Hub carries
// five `link` tags, each Spoke carries one of them; connect() matches the
// hub with every spoke through the shared instance (the hub stays
// enabled). Then link() creates a fresh tag in a task and binds two
// existing objects to it at taskexit; pairUp() matches exactly those two.
// report() prints once both parts are complete.

class Hub {
    flag open;
    flag done;
    int connected;
    int sum;
}

class Spoke {
    flag waiting;
    flag connected;
    int id;

    Spoke(int id) {
        this.id = id;
    }
}

class Peer {
    flag lonely;
    flag linked;
    flag met;
    int id;
    int partner = -1;

    Peer(int id) {
        this.id = id;
    }
}

class Matchmaker {
    flag active;
    flag finished;
    Peer pending;
    int pairs;
    int checked;
    int bad;
}

task startup(StartupObject s in initialstate) {
    tag t1 = new tag(link);
    tag t2 = new tag(link);
    tag t3 = new tag(link);
    tag t4 = new tag(link);
    tag t5 = new tag(link);
    new Hub() { open := true, add t1, add t2, add t3, add t4, add t5 };
    new Spoke(1) { waiting := true, add t1 };
    new Spoke(2) { waiting := true, add t2 };
    new Spoke(3) { waiting := true, add t3 };
    new Spoke(4) { waiting := true, add t4 };
    new Spoke(5) { waiting := true, add t5 };
    for (int i = 0; i < 6; i++)
        new Peer(i) { lonely := true };
    new Matchmaker() { active := true };
    taskexit(s: initialstate := false);
}

task connect(Hub h in open with link t, Spoke sp in waiting with link t) {
    h.connected++;
    h.sum += sp.id;
    if (h.connected == 5) {
        taskexit(h: open := false, done := true; sp: waiting := false, connected := true);
    }
    taskexit(sp: waiting := false, connected := true);
}

task link(Peer a in lonely, Peer b in lonely) {
    tag t = new tag(pair);
    a.partner = b.id;
    b.partner = a.id;
    taskexit(a: lonely := false, linked := true, add t; b: lonely := false, linked := true, add t);
}

task pairUp(Matchmaker m in active, Peer a in linked with pair t, Peer b in linked with pair t) {
    if (a.partner != b.id || b.partner != a.id)
        m.bad++;
    m.pairs++;
    if (m.pairs == 3)
        taskexit(m: active := false, finished := true; a: linked := false, met := true; b: linked := false, met := true);
    taskexit(a: linked := false, met := true; b: linked := false, met := true);
}

task report(Hub h in done, Matchmaker m in finished) {
    System.out.println("hub connected " + h.connected + " spokes, id sum " + h.sum);
    System.out.println("pairs " + m.pairs + " bad " + m.bad);
    taskexit(h: done := false; m: finished := false);
}
