class Base {
    Base() {
    }
}

class Derived extends Base {
    int x;

    Derived() {
        x = 1;
        super(); //~ ERROR E0126
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
