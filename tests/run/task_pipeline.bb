// A four-stage pipeline: each Item passes through stages by changing flags
// (one flag per stage, several flags changed by one taskexit), a stage
// that may send an item back to an earlier stage, and a final stage that
// merges into a Sink. The Sink prints once all items have arrived.

class Item {
    flag raw;
    flag cleaned;
    flag scaled;
    flag checked;
    flag rejected;
    int value;
    int retries;

    Item(int value) {
        this.value = value;
    }
}

class Sink {
    flag receiving;
    int expected;
    int received;
    long total;
    int retries;
    int rejected;

    Sink(int expected) {
        this.expected = expected;
    }

    boolean take(Item it, boolean ok) {
        received++;
        retries += it.retries;
        if (ok)
            total += it.value;
        else
            rejected++;
        return received == expected;
    }

    void print() {
        System.out.println("received " + received + " total " + total + " retries " + retries + " rejected " + rejected);
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = -10; i < 30; i++)
        new Item(i) { raw := true };
    new Sink(40) { receiving := true };
    taskexit(s: initialstate := false);
}

task clean(Item it in raw) {
    if (it.value < 0)
        it.value = -it.value;
    taskexit(it: raw := false, cleaned := true);
}

task scale(Item it in cleaned) {
    it.value = it.value * 3;
    taskexit(it: cleaned := false, scaled := true);
}

task check(Item it in scaled) {
    if (it.value % 2 == 1 && it.retries < 2) {
        it.retries++;
        it.value += 1;
        taskexit(it: scaled := false, cleaned := true);   // back to scale
    }
    if (it.value > 200)
        taskexit(it: scaled := false, rejected := true);
    taskexit(it: scaled := false, checked := true);
}

task sinkOk(Sink s in receiving, Item it in checked) {
    if (s.take(it, true)) {
        s.print();
        taskexit(s: receiving := false; it: checked := false);
    }
    taskexit(it: checked := false);
}

task sinkRejected(Sink s in receiving, Item it in rejected) {
    if (s.take(it, false)) {
        s.print();
        taskexit(s: receiving := false; it: rejected := false);
    }
    taskexit(it: rejected := false);
}
