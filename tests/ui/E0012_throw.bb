class Checker {
    void check(int x) {
        if (x < 0)
            throw null; //~ ERROR E0012
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
