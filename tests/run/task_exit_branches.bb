// taskexit in several branches: inside if/else chains, a switch, a loop
// (leaving the loop and the task at once), after a nested method call,
// exits that change only one of two parameters, several flags at once, or
// nothing. Orders go through pay/ship/archive; the Ledger prints once every
// order reached a final state.

class Order {
    flag placed;
    flag paid;
    flag shipped;
    flag rejected;
    flag archived;
    flag express;

    int id;
    int amount;

    Order(int id, int amount) {
        this.id = id;
        this.amount = amount;
    }
}

class Ledger {
    flag open;
    int finals;
    long revenue;
    int rejected;
    int express;
    int expected;

    Ledger(int expected) {
        this.expected = expected;
    }

    boolean last() {
        finals++;
        return finals == expected;
    }

    void print() {
        System.out.println("finals " + finals + " revenue " + revenue + " rejected " + rejected + " express " + express);
    }
}

task startup(StartupObject s in initialstate) {
    int[] amounts = { 120, -5, 40, 0, 75, 300, 7, -1, 1000, 33 };
    for (int i = 0; i < amounts.length; i++)
        new Order(i, amounts[i]) { placed := true };
    new Ledger(amounts.length) { open := true };
    if (s.args.length > 1000)
        taskexit();
    taskexit(s: initialstate := false);
}

task pay(Order o in placed) {
    if (o.amount < 0) {
        taskexit(o: placed := false, rejected := true);
    } else if (o.amount == 0) {
        taskexit(o: placed := false, archived := true);
    }
    for (int i = 0; i < 3; i++) {
        if (o.amount > 500 && i == 1)
            taskexit(o: placed := false, paid := true, express := true);
    }
    switch (o.amount % 3) {
        case 0:
            taskexit(o: placed := false, paid := true, express := true);
        case 1:
            taskexit(o: paid := true, placed := false);
        default:
            break;
    }
    taskexit(o: placed := false, paid := true);
}

task ship(Ledger l in open, Order o in paid and !shipped) {
    l.revenue += o.amount;
    taskexit(o: shipped := true, paid := false);
}

task countExpress(Ledger l in open, Order o in express and shipped) {
    l.express++;
    taskexit(o: express := false);
}

task archive(Ledger l in open, Order o in (rejected or shipped) and !express or archived) {
    if (o.amount < 0)
        l.rejected++;
    if (l.last()) {
        l.print();
        taskexit(l: open := false; o: rejected := false, shipped := false, archived := false);
    }
    taskexit(o: rejected := false, shipped := false, archived := false);
}
