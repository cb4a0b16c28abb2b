class Base {
    int id() {
        return 1;
    }
}

class Derived extends Base {
    static int id() { //~ ERROR E0122
        return 2;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
