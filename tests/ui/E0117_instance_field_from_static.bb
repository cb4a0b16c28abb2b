class Counter {
    int count;

    static void bump() {
        count++; //~ ERROR E0117
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
