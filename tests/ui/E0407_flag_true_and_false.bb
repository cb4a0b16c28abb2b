class Job {
    flag ready;
    flag done;

    int id;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false, done := true, ready := true); //~ ERROR E0407
}
