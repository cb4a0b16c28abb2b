class Base {
    void reset() {
    }
}

class Derived extends Base {
    int reset() { //~ ERROR E0122
        return 0;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
