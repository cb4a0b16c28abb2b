// Hand-off: a producer makes N objects in batches of 1,000; the default
// layout sends each, round-robin, to a core hosting `consume`, so on two
// cores half of them cross to the other core. Usage: handoff N
class Producer {
    flag active;
    int left;
}

class Item {
    flag ready;
}

class Tally {
    flag open;
    int seen;
    int expected;
}

task startup(StartupObject s in initialstate) {
    int n = Integer.parseInt(s.args[0]);
    Producer p = new Producer() { active := true };
    p.left = n;
    Tally t = new Tally() { open := true };
    t.expected = n;
    taskexit(s: initialstate := false);
}

task produce(Producer p in active) {
    for (int i = 0; i < 1000 && p.left > 0; i++) {
        new Item() { ready := true };
        p.left--;
    }
    if (p.left == 0) {
        taskexit(p: active := false);
    }
}

task consume(Item i in ready) {
    taskexit(i: ready := false);
}
