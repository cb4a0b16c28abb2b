// Tag values flow through methods: a tag is created in a task, passed to
// a method that allocates tagged task objects (allocation blocks in
// methods), returned from a method, stored in a local, and used in a task
// with two different tag types on one parameter.

class Request {
    flag pending;
    flag answered;

    int id;
    int parts;
    int received;

    Request(int id, int parts) {
        this.id = id;
        this.parts = parts;
    }

    void spawn(tag t, tag owner) {
        for (int i = 0; i < parts; i++)
            Factory.piece(id * 10 + i, t, owner);
    }
}

class Piece {
    flag todo;
    flag ready;

    int value;

    Piece(int value) {
        this.value = value;
    }
}

class Factory {
    static Piece piece(int v, tag t, tag owner) {
        Piece p = new Piece(v) { todo := true, add t, add owner };
        return p;
    }

    static tag fresh() {
        return new tag(batch);
    }

    static tag same(tag t) {
        return t;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 1; i <= 3; i++)
        new Request(i, i + 1) { pending := true };
    taskexit(s: initialstate := false);
}

task split(Request r in pending and !answered) {
    tag t = Factory.same(Factory.fresh());
    tag owner = new tag(ownership);
    r.spawn(t, owner);
    taskexit(r: pending := false, add t, add owner);
}

task solve(Piece p in todo) {
    p.value = p.value * p.value;
    taskexit(p: todo := false, ready := true);
}

task gather(Request r in !pending and !answered with batch t and ownership o,
            Piece p in ready with batch t and ownership o) {
    r.received++;
    if (r.received == r.parts) {
        System.out.println("request " + r.id + " complete");
        taskexit(r: answered := true, clear t, clear o; p: ready := false, clear t, clear o);
    }
    taskexit(p: ready := false, clear t, clear o);
}
