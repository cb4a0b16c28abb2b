// Round-robin starts at the sending core's own index. With the layout of
// compiler/tests/manycore.rs (`spawn` alone on core 1, `work` on cores 0
// to 3, round-robin), the first item core 1 sends for `work` goes to core
// 1 (entry 1 of its route), not to core 0 (entry 0), as the simulator
// assumes (sim.rs, `route`).
// Usage: roundrobin (prints the items in the order they were made)

class Seed {
    flag go;
}

class Item {
    flag fresh;
    int n;

    Item(int n) {
        this.n = n;
    }
}

task startup(StartupObject s in initialstate) {
    new Seed() { go := true };
    taskexit(s: initialstate := false);
}

task spawn(Seed d in go) {
    new Item(1) { fresh := true };
    taskexit(d: go := false);
}

task work(Item i in fresh) {
    System.out.println("item " + i.n);
    taskexit(i: fresh := false);
}
