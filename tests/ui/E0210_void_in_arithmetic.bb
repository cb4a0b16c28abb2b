class Counter {
    int n;

    void inc() {
        n++;
    }
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter();
    int y = c.inc() + 1; //~ ERROR E0210
    taskexit(s: initialstate := false);
}
