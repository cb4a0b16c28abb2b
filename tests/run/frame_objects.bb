// Objects made and used within one function, and objects that escape it
// (an escape analysis could keep the former out of the heap; none does now,
// see benchmarks/logs/2026-12-07.md). Either way each `new` is a fresh zeroed
// object. Covers: a site in a loop, a reassignment whose arguments read the
// object it replaces, a local object holding heap arrays, virtual calls
// resolved by the exact class, java.util.Random made per iteration, and the
// ways an object escapes (stored, returned, passed, concatenated,
// constructor leaking `this`, widened). A task body's own local object, on
// every core, with collections at every task boundary (frame_objects.stress2).

class Point {
    int x;
    int y;
    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
    int sum() {
        return x + y;
    }
    void scale(int k) {
        x = x * k;
        y = y * k;
    }
    public String toString() {
        return "(" + x + "," + y + ")";
    }
}

class Shape {
    int side;
    Shape(int side) {
        this.side = side;
    }
    int area() {
        return 0;
    }
}

class Square extends Shape {
    Square(int side) {
        super(side);
    }
    int area() {
        return side * side;
    }
}

class Bag {
    int[] items;
    int count;
    Bag(int n) {
        items = new int[n];
    }
    void add(int v) {
        items[count] = v;
        count++;
    }
    int total() {
        int t = 0;
        for (int i = 0; i < count; i++) {
            t += items[i];
        }
        return t;
    }
}

class Node {
    int v;
    Node next;
    Node(int v, Node next) {
        this.v = v;
        this.next = next;
    }
}

class Joiner {
    Node head;
    Joiner(Holder h) {
        h.last = this;   // leaks `this`: must be in the heap
    }
}

class Holder {
    Joiner last;
    Point kept;
}

class Work {
    static Point made(int i) {
        Point p = new Point(i, i);   // returned: heap
        return p;
    }

    static int run() {
        int total = 0;
        // A site in a loop: one slot, a fresh zeroed object each time.
        for (int i = 0; i < 5; i++) {
            Point p = new Point(i, 2 * i);
            p.scale(3);
            total += p.sum();
            Bag fresh = new Bag(4);
            total += fresh.count;   // zero: the slot was cleared
            fresh.add(i);
            total += fresh.total();
        }
        // The arguments read the object the site replaces.
        Point q = new Point(1, 1);
        for (int i = 0; i < 4; i++) {
            q = new Point(q.x + q.y, q.y * 2);
        }
        total += q.x * 100 + q.y;
        // A frame object holding heap arrays, filled with many allocations.
        Bag b = new Bag(1000);
        for (int i = 0; i < 1000; i++) {
            int[] garbage = new int[16];
            garbage[3] = i;
            b.add(garbage[3]);
        }
        total += b.total();
        // A virtual call resolved by the exact class.
        Square s = new Square(7);
        total += s.area();
        Shape widened = new Square(5);
        total += widened.area();
        return total;
    }

    static String escapes() {
        Holder h = new Holder();
        Point stored = new Point(3, 4);
        h.kept = stored;
        Point returned = made(6);
        Joiner j = new Joiner(h);
        Node list = null;
        for (int i = 0; i < 3; i++) {
            Node n = new Node(i, list);
            list = n;
        }
        Point shown = new Point(8, 9);
        String text = "shown " + shown;
        Point[] arr = new Point[1];
        Point inArray = new Point(1, 2);
        arr[0] = inArray;
        int chain = 0;
        for (Node n = list; n != null; n = n.next) {
            chain = chain * 10 + n.v;
        }
        return h.kept.sum() + " " + returned.sum() + " " + (h.last == j) + " " + chain + " "
            + text + " " + arr[0].sum();
    }

    static double gaussians() {
        double sum = 0.0;
        for (int run = 0; run < 50; run++) {
            Random rnd = new Random((long) run * 11);
            for (int t = 0; t < 20; t++) {
                sum += rnd.nextGaussian();
            }
        }
        return sum;
    }
}

class Item {
    flag todo;
    flag done;
    int v;
    int[] data;
    long result;
    Item(int v) {
        this.v = v;
        data = new int[8];
        for (int i = 0; i < 8; i++) {
            data[i] = v * i;
        }
    }
}

class Total {
    flag open;
    int seen;
    long sum;
}

task startup(StartupObject s in initialstate) {
    System.out.println("run " + Work.run());
    System.out.println("escapes " + Work.escapes());
    System.out.println("gaussians " + Work.gaussians());
    for (int i = 0; i < 40; i++) {
        Item it = new Item(i) { todo := true };
    }
    Total t = new Total() { open := true };
    taskexit(s: initialstate := false);
}

task work(Item it in todo) {
    Bag acc = new Bag(8);
    for (int i = 0; i < 8; i++) {
        acc.add(it.data[i]);
    }
    Point p = new Point(it.v, acc.total());
    it.result = p.sum();
    taskexit(it: todo := false, done := true);
}

task collect(Total t in open, Item it in done) {
    t.sum += it.result;
    t.seen++;
    if (t.seen == 40) {
        System.out.println("items " + t.sum);
        taskexit(t: open := false; it: done := false);
    }
    taskexit(it: done := false);
}
