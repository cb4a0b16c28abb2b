class Outer {
    int x;

    class Inner { //~ ERROR E0012
        int y;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
