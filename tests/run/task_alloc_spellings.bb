// Allocation blocks in both spellings, freely mixed: `{ f := true, g :=
// false }`, the original `{f, !g}`, an empty block `{}` (a task object with
// every flag false), and a plain `new` that the scheduler never sees.
// Each Box reports to a single Tally; the Tally prints the sorted list
// once all expected boxes have arrived, so the output does not depend on
// the order of invocations.

class Box {
    flag red;
    flag blue;
    flag counted;

    String name;

    Box(String name) {
        this.name = name;
    }
}

class Tally {
    flag open;
    String[] seen = new String[8];
    int n;
    int expected;

    Tally(int expected) {
        this.expected = expected;
    }

    boolean add(String s) {
        seen[n++] = s;
        return n == expected;
    }

    void print() {
        String[] a = new String[n];
        for (int i = 0; i < n; i++)
            a[i] = seen[i];
        Arrays.sort(a);
        for (int i = 0; i < a.length; i++)
            System.out.println(a[i]);
    }
}

task startup(StartupObject s in initialstate) {
    new Box("paper-red") { red := true, blue := false };
    new Box("original-red"){red, !blue};
    new Box("paper-both") { red := true, blue := true };
    new Box("original-blue"){blue};
    Box e = new Box("empty-block") {};
    Box plain = new Box("plain");      // not a task object
    new Tally(5) { open := true };
    taskexit(s: initialstate := false);
}

task countRed(Tally t in open, Box b in red and !counted) {
    boolean done = t.add(b.name + " red");
    if (done) {
        t.print();
        taskexit(t: open := false; b: counted := true);
    }
    taskexit(b: counted := true);
}

task countBlue(Tally t in open, Box b in blue and !red and !counted) {
    boolean done = t.add(b.name + " blue-only");
    if (done) {
        t.print();
        taskexit(t: open := false; b: counted := true);
    }
    taskexit(b: counted := true);
}

task countNone(Tally t in open, Box b in !red and !blue and !counted) {
    boolean done = t.add(b.name + " no-flags");
    if (done) {
        t.print();
        taskexit(t: open := false; b: counted := true);
    }
    taskexit(b: counted := true);
}
