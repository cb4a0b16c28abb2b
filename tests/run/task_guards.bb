// Guards with and, or, !, parentheses, true and false, in both spellings.
// Sixteen Obj task objects get every combination of the flags a, b, c, d
// (set by a pipeline of tasks whose taskexits differ by branch); then each
// guard task g1..g9 fires once on every object its guard accepts, and
// reports to the Rec. The Rec knows how many reports to expect (computed
// with ordinary boolean expressions) and prints the match table when the
// last one arrives, so the output does not depend on invocation order.

class Obj {
    flag init;
    flag s1;
    flag s2;
    flag s3;   //~ WARNING W0004 (deliberately unused)
    flag ready;
    flag a;
    flag b;
    flag c;
    flag d;
    flag d1;
    flag d2;
    flag d3;
    flag d4;
    flag d5;
    flag d6;
    flag d7;
    flag d8;
    flag d9;

    int id;

    Obj(int id) {
        this.id = id;
    }

    boolean bit(int k) {
        return ((id >> k) & 1) != 0;
    }
}

class Rec {
    flag open;

    int[] hits = new int[16];
    int count;
    int expected;

    Rec(int expected) {
        this.expected = expected;
    }

    boolean hit(Obj o, int guard) {
        hits[o.id] |= 1 << guard;
        count++;
        return count == expected;
    }

    void print() {
        System.out.println("reports " + count);
        for (int i = 0; i < 16; i++) {
            String flags = (((i & 1) != 0) ? "a" : "-") + (((i & 2) != 0) ? "b" : "-") + (((i & 4) != 0) ? "c" : "-") + (((i & 8) != 0) ? "d" : "-");
            String g = "";
            for (int k = 1; k <= 9; k++)
                g += ((hits[i] >> k) & 1) != 0 ? "" + k : ".";
            System.out.println(flags + " " + g);
        }
    }

    static int expectedReports() {
        int n = 0;
        for (int i = 0; i < 16; i++) {
            boolean a = (i & 1) != 0, b = (i & 2) != 0, c = (i & 4) != 0, d = (i & 8) != 0;
            if (a && b) n++;
            if (a || b && c) n++;
            if (!a && !b || c) n++;
            if (!(a || b) && (c || d)) n++;
            if ((a || b) && !(c && d)) n++;
            if (!(!a)) n++;
            n++;                       // g7: true
            // g8: false never matches
            if ((a || d) && !c) n++;   // g9
        }
        return n;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 16; i++)
        new Obj(i) { init := true };
    new Rec(Rec.expectedReports()) { open := true };
    taskexit(s: initialstate := false);
}

task setA(Obj o in init) {
    if (o.bit(0))
        taskexit(o: init := false, a := true, s1 := true);
    taskexit(o: init := false, s1 := true);
}

task setB(Obj o in s1) {
    if (o.bit(1)) {
        taskexit(o: s1 := false, b := true, s2 := true);
    } else {
        taskexit(o: s1 := false, s2 := true);
    }
}

task setCD(Obj o in s2) {
    boolean c = o.bit(2);
    boolean d = o.bit(3);
    if (c && d)
        taskexit(o: s2 := false, c := true, d := true, ready := true);
    else if (c)
        taskexit(o: s2 := false, c := true, ready := true);
    else if (d)
        taskexit(o: s2 := false, d := true, ready := true);
    taskexit(o: s2 := false, ready := true);
}

task g1(Rec r in open, Obj o in ready and a and b and !d1) {
    if (r.hit(o, 1)) { r.print(); taskexit(r: open := false; o: d1 := true); }
    taskexit(o: d1 := true);
}

task g2(Rec r in open, Obj o in ready and (a or b and c) and !d2) {
    if (r.hit(o, 2)) { r.print(); taskexit(r: open := false; o: d2 := true); }
    taskexit(o: d2 := true);
}

task g3(Rec r in open, Obj o in ready and !d3 and (!a and !b or c)) {
    if (r.hit(o, 3)) { r.print(); taskexit(r: open := false; o: d3 := true); }
    taskexit(o: d3 := true);
}

task g4(Rec r in open, Obj o in ready and !(a or b) and (c or d) and !d4) {
    if (r.hit(o, 4)) { r.print(); taskexit(r: open := false; o: d4 := true); }
    taskexit(o: d4 := true);
}

task g5(Rec r in open, Obj o in !d5 and ready and ((a or b) and !(c and d))) {
    if (r.hit(o, 5)) { r.print(); taskexit(r: open := false; o: d5 := true); }
    taskexit(o: d5 := true);
}

task g6(Rec r in open, Obj o in ready and !(!a) and !d6) {
    if (r.hit(o, 6)) { r.print(); taskexit(r: open := false; o: d6 := true); }
    taskexit(o: d6 := true);
}

task g7(Rec r in open, Obj o in ready and true and !d7) {
    if (r.hit(o, 7)) { r.print(); taskexit(r: open := false; o: d7 := true); }
    taskexit(o: d7 := true);
}

task g8(Rec r in open, Obj o in ready and false or false) {   //~ WARNING W0001 (deliberately dead)
    System.out.println("g8 must never run");
    if (r.hit(o, 8)) { r.print(); taskexit(r: open := false; o: d8 := true); }
    taskexit(o: d8 := true);
}

task g9(Rec r{open}, Obj o{ready && (a || d) && !c && !d9}) {
    if (r.hit(o, 9)) { r.print(); taskexit(r{!open}, o{d9}); }
    taskexit(o{d9});
}
