class Counter {
    int count;

    void reset() {
        this.cout = 0; //~ ERROR E0102
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
