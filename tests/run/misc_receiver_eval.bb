// Evaluation details: a compound assignment to a field evaluates the
// receiver once; a[i] op= evaluates a and i once; string += on array
// elements and fields; a static method called through an instance
// expression; the receiver of a method call evaluated before arguments.

class Cell {
    int v;
    String s = "";
    Cell next;
}

class Eval {
    int calls;
    Cell cell = new Cell();

    Cell get() {
        calls++;
        return cell;
    }

    int idx() {
        calls++;
        return 1;
    }

    static String stat() {
        return "static";
    }

    static void run() {
        Eval e = new Eval();
        e.get().v += 5;
        e.get().v *= 3;
        e.get().v++;
        ++e.get().v;
        e.get().s += "ab";
        e.get().s += 'c';
        System.out.println(e.cell.v + " " + e.cell.s + " calls " + e.calls);
        e.calls = 0;
        int[] arr = { 10, 20, 30 };
        arr[e.idx()] += 7;
        arr[e.idx()] <<= 1;
        arr[e.idx()]--;
        System.out.println(arr[1] + " calls " + e.calls);
        String[] ss = { "a", "b" };
        ss[0] += "x";
        ss[1] += 1 + 2;
        ss[1] += 'y';
        System.out.println(ss[0] + " " + ss[1]);
        System.out.println(e.stat() + " " + Eval.stat());
        Cell c = new Cell();
        c.next = new Cell();
        c.next.v = 4;
        c.next.v += c.next.v++ + 1;
        System.out.println(c.next.v);
        e.calls = 0;
        e.get().next = e.get();
        System.out.println((e.cell.next == e.cell) + " calls " + e.calls);
    }
}

task startup(StartupObject s in initialstate) {
    Eval.run();
    taskexit(s: initialstate := false);
}
