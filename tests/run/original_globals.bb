// Under --dialect original a blank `static final` field of a primitive type
// or String is a global variable that constructors of its class assign: it
// holds the default value until then, and tasks on any core read the last
// value assigned before their objects reached them.
class Grid {
    flag ready;
    static final int SIZE; //~ WARNING W0124
    static final double SCALE; //~ WARNING W0124
    static final String NAME; //~ WARNING W0124
    int[] cells;
    int id;
    Grid(int n, int id) {
        SIZE = n;
        SCALE = n * 0.5;
        NAME = "grid" + n;
        cells = new int[SIZE];
        this.id = id;
    }
}

class Reader {
    int size() { return Grid.SIZE; }
}

task startup(StartupObject s in initialstate) {
    System.out.println(Grid.SIZE + " " + Grid.SCALE + " " + Grid.NAME);
    for (int i = 0; i < 6; i++) new Grid(5, i) { ready := true };
    System.out.println(Grid.SIZE + " " + Grid.SCALE + " " + Grid.NAME);
    taskexit(s: initialstate := false);
}

task use(Grid g in ready) {
    int sum = 0;
    for (int i = 0; i < Grid.SIZE; i++) sum += g.cells[i] + i;
    System.out.println("grid " + g.id + ": " + g.cells.length + " " + new Reader().size() + " " + Grid.NAME + " " + sum);
    taskexit(g: ready := false);
}
