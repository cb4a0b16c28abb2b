class Base {
    String name() {
        return "base";
    }
}

class Derived extends Base {
    static String parentName() {
        return super.name(); //~ ERROR E0116
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
