class Worker {
    void finish() {
        taskexit(); //~ ERROR E0401
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
