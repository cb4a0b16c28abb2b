// taskexit in several branches of a task: inside if/else, a switch, a
// loop; exits that change only some of the parameters; exits that change
// several flags and tags at once; and a taskexit with no changes at all on
// a path that does not run.

class Order {
    flag placed;
    flag paid;
    flag shipped;
    flag rejected;
    flag archived;

    int id;
    int amount;

    Order(int id, int amount) {
        this.id = id;
        this.amount = amount;
    }
}

class Ledger {
    flag open;
    int processed;
    long revenue;
}

task startup(StartupObject s in initialstate) {
    int[] amounts = { 120, -5, 40, 0, 75 };
    for (int i = 0; i < amounts.length; i++)
        new Order(i, amounts[i]) { placed := true };
    new Ledger() { open := true };
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
        if (i == o.amount % 3)
            taskexit(o: placed := false, paid := true);
    }
    taskexit(o: placed := false, paid := true);
}

task ship(Order o in paid and !shipped, Ledger l in open) {
    l.revenue += o.amount;
    l.processed++;
    switch (l.processed) {
        case 3:
            System.out.println("revenue " + l.revenue);
            taskexit(o: shipped := true, paid := false; l: open := false);
        default:
            taskexit(o: shipped := true, paid := false);
    }
}

task archive(Order o in rejected or shipped) {
    System.out.println("archived " + o.id);
    taskexit(o: rejected := false, shipped := false, archived := true);
}
