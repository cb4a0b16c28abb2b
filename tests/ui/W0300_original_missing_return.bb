// Under --dialect original a method may end without `return`: it returns
// the type's default value.
class Grid {
    int cells;
    int sign(int x) {
        if (x < 0) return -1;
        else if (x > 0) return 1;
    } //~ WARNING W0300
}

task startup(StartupObject s in initialstate) {
    Grid g = new Grid();
    System.out.println(g.sign(0));
    taskexit(s: initialstate := false);
}
