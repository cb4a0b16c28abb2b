class Worker {
    void run() {
        helper(); //~ ERROR E0103
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
