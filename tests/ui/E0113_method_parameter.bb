class Calc {
    int add(int a, int a) { //~ ERROR E0113
        return a;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
