// Disjoint: a merge copies values from one parameter's array into the other's.
class Item {
    int v;
    Item(int v) { this.v = v; }
}

class Box {
    flag ready;
    flag done;
    int id;
    int[] data;
    int[] copy;
    Item item;
    Item[] items;
    Object any;
    Vector vec;
    HashMap map;
    String name;
    Box(int id) {
        this.id = id;
        data = new int[4];
        items = new Item[4];
        item = new Item(id);
        vec = new Vector();
        map = new HashMap();
        name = "box" + id;
    }
    int[] getData() { return data; }
    Item fresh(int v) { return new Item(v); }
    void adopt(int[] d) { copy = d; }
    void reset() { data = new int[8]; }
}

task startup(StartupObject s in initialstate) {
    Box a = new Box(1) { ready := true };
    Box b = new Box(2) { ready := true };
    taskexit(s: initialstate := false);
}

task pair(Box x in ready, Box y in ready) {
    for (int i = 0; i < 4; i++) { x.data[i] = y.data[i] + 1; }
    System.out.println("done " + x.id + " " + y.id);
    taskexit(x: ready := false, done := true; y: ready := false, done := true);
}
