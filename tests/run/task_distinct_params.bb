// The objects of one invocation are distinct: a task with two parameters
// of the same class and guard never receives the same object twice. Items
// absorb each other pairwise until one is left (it alone cannot enable
// the task); the survivor prints the total when it has absorbed all eight.

class Item {
    flag alive;
    flag dead;
    int value;
    int members = 1;

    Item(int value) {
        this.value = value;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 1; i <= 8; i++)
        new Item(i * i) { alive := true };
    taskexit(s: initialstate := false);
}

task absorb(Item a in alive, Item b in alive) {
    if (a == b)
        System.out.println("BUG: same object twice");
    a.value += b.value;
    a.members += b.members;
    b.value = 0;
    if (a.members == 8)
        System.out.println("survivor holds " + a.members + " items, total " + a.value);
    taskexit(b: alive := false, dead := true);
}
