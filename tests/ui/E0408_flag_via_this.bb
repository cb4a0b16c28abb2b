class Job {
    flag ready;

    void clear() {
        this.ready = false; //~ ERROR E0408
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
