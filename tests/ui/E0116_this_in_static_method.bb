class Counter {
    int n;

    static Counter make() {
        return this; //~ ERROR E0116
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
