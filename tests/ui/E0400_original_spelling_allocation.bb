class Job {
    flag ready;
    flag done;

    int id;
}

task startup(StartupObject s in initialstate) {
    new Job(){ready, !stale}; //~ ERROR E0400
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false, done := true);
}
