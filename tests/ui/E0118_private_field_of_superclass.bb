class Base {
    private int secret = 42;
}

class Derived extends Base {
    int reveal() {
        return secret; //~ ERROR E0118
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
