// Under --dialect original a blank `static final` of a primitive type or
// String is a global variable; of another type it stays an error.
class Grid {
    static final int SIZE; //~ WARNING W0124
    static final int[] CELLS; //~ ERROR E0124
    Grid(int n) { SIZE = n; }
}

task startup(StartupObject s in initialstate) {
    System.out.println(new Grid(3) != null);
    taskexit(s: initialstate := false);
}
