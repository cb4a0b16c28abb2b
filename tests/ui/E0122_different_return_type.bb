class Base {
    int size() {
        return 1;
    }
}

class Derived extends Base {
    String size() { //~ ERROR E0122
        return "one";
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
