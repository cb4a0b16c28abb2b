// Both spellings of the task language freely mixed in one file, and even
// within one task: a paper-style guard next to a brace guard, a brace
// guard with a brace tag guard, brace exits with tag bindings
// (`p{!f, g}{!t, u}`), and brace allocation blocks stating false flags
// (`new C(){f, !g}{t}`).

class Pair {
    flag f;
    flag g;
    flag h;

    int left;
    int right;

    Pair(int left, int right) {
        this.left = left;
        this.right = right;
    }
}

class Sink {
    flag active;
    int total;
}

task startup(StartupObject s in initialstate) {
    tag t = new tag(link);
    new Pair(1, 2){f, !g}{t};
    new Pair(3, 4) { f := true, g := false, add t };
    new Sink(){active};
    taskexit(s{!initialstate});
}

task rebind(Pair p{f && !g}{link t}) {
    tag u = new tag(link);
    p.left += p.right;
    taskexit(p{!f, g}{!t, u});
}

task consume(Sink k in active, Pair p{g && !h}) {
    k.total += p.left;
    if (k.total >= 10) {
        System.out.println("total " + k.total);
        taskexit(k: active := false; p: h := true);
    }
    taskexit(p{h});
}
