// Objects with arrays, strings, shared sub-objects and a chain in their
// region cross ranks by value and come back: each item visits every
// core (round-robin at each step) and its region must arrive whole.
class Node {
    Node next;
    int v;
    Node(int v) { this.v = v; }
}

class Item {
    flag step1;
    flag step2;
    int n;
    int[] data;
    String name;
    Node ring;
    Node shared1;
    Node shared2;

    Item(int n) {
        this.n = n;
        data = new int[n + 3];
        for (int k = 0; k < data.length; k++) data[k] = k * n;
        name = "item-" + n;
        ring = new Node(1);
        ring.next = new Node(2);

        shared1 = new Node(n);
        shared2 = shared1;
    }

    int check() {
        int s = 0;
        for (int k = 0; k < data.length; k++) s += data[k];
        if (shared1 != shared2) return -1;
        return s + ring.v + ring.next.v + shared1.v;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 12; i++) new Item(i) { step1 := true };
    taskexit(s: initialstate := false);
}

task first(Item i in step1) {
    long w = 0;
    for (int r = 0; r < 200000 + i.n; r++) w += r ^ i.n;
    i.shared1.v += 1000;
    i.data[0] = (int) (w % 7);
    taskexit(i: step1 := false, step2 := true);
}

task second(Item i in step2) {
    long w = 0;
    for (int r = 0; r < 200000 + i.n; r++) w += r ^ i.n;
    System.out.println(i.name + " " + i.check() + " " + i.shared2.v);
    taskexit(i: step2 := false);
}
