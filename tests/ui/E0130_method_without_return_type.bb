class Counter {
    int n;

    reset() { //~ ERROR E0130
        n = 0;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
