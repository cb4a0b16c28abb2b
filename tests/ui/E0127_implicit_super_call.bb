class Base {
    int v;

    Base(int v) {
        this.v = v;
    }
}

class Derived extends Base {
    Derived() { //~ ERROR E0127
        v = 1;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
