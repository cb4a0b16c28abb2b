class Calc {
    int twice(int x) {
        return x * ; //~ ERROR E0001
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
