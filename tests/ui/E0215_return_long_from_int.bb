class Calc {
    int big() {
        long v = 1L << 40;
        return v; //~ ERROR E0215
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
