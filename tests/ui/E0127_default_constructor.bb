class Base {
    String name;

    Base(String name) {
        this.name = name;
    }
}

class Derived extends Base { //~ ERROR E0127
    int extra;
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
