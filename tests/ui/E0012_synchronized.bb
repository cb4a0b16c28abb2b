class Counter {
    int n;

    void inc() {
        synchronized (this) { //~ ERROR E0012
            n++;
        }
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
