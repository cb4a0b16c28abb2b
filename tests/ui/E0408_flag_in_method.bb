class Job {
    flag ready;

    boolean isReady() {
        return ready; //~ ERROR E0408
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
