// One build, many layouts (BAMBOO_LAYOUT, compiler/tests/layout_at_run_time.rs):
// `work` loops (the static estimate cannot bound it, so the default layout
// spreads it over cores and keeps the `report` it hands on where it is),
// `report` is tiny (the default keeps it on its core, `--spread` sends it
// round-robin). The test runs one executable with the default and the
// spread layout and sees the difference in its trace.
// Usage: relayout (prints one line per item, in any order)

class Item {
    flag fresh;
    flag done;
    int n;

    Item(int n) {
        this.n = n;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 8; i++) {
        new Item(i) { fresh := true };
    }
    taskexit(s: initialstate := false);
}

task work(Item i in fresh) {
    int x = 0;
    while (x < 100000) {
        x++;
    }
    i.n = i.n * 10 + x / 100000;
    taskexit(i: fresh := false, done := true);
}

task report(Item i in done) {
    System.out.println("item " + i.n);
    taskexit(i: done := false);
}
