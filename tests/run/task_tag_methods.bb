// Tag values passed to methods, stored nowhere, returned from methods and
// chosen with ?: ; objects allocated in a method bound to tags given as
// parameters; two tag types in one program; `with group g and color c` on
// two parameters of the same class (distinct objects bound to the same
// two tag instances).

class Node {
    flag waiting;
    flag matched;
    int id;
    String role;

    Node(int id, String role) {
        this.id = id;
        this.role = role;
    }
}

class Builder {
    static tag newGroup() {
        return new tag(group);
    }

    static tag pick(boolean first, tag a, tag b) {
        return first ? a : b;
    }

    static void make(int id, String role, tag g, tag c) {
        new Node(id, role) { waiting := true, add g, add c };
    }
}

class Out {
    flag open;
    int pairs;
    int bad;
    long key;
}

task startup(StartupObject s in initialstate) {
    tag colorRed = new tag(color);
    tag colorBlue = new tag(color);
    for (int i = 0; i < 8; i++) {
        tag g = Builder.newGroup();
        tag c = Builder.pick(i % 2 == 0, colorRed, colorBlue);
        Builder.make(i, "left", g, c);
        Builder.make(i, "right", g, c);
    }
    new Out() { open := true };
    taskexit(s: initialstate := false);
}

task meet(Out o in open, Node a in waiting with group g and color c, Node b in waiting with group g and color c) {
    // a and b are distinct objects bound to the same group and color
    if (a.id != b.id || a.role.equals(b.role))
        o.bad++;
    o.pairs++;
    o.key += a.id * 10 + (a.id % 2);
    if (o.pairs == 8) {
        System.out.println("pairs " + o.pairs + " bad " + o.bad + " key " + o.key);
        taskexit(o: open := false; a: waiting := false, matched := true; b: waiting := false, matched := true);
    }
    taskexit(a: waiting := false, matched := true; b: waiting := false, matched := true);
}
