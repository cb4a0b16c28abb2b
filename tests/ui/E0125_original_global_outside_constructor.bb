// Under --dialect original a blank `static final` is a global variable that
// only constructors of its class may assign.
class Grid {
    static final int SIZE; //~ WARNING W0124
    Grid(int n) { SIZE = n; }
    void resize(int n) {
        SIZE = n; //~ ERROR E0125
    }
}

task startup(StartupObject s in initialstate) {
    new Grid(3).resize(4);
    taskexit(s: initialstate := false);
}
