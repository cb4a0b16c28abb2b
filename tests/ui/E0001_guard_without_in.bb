class Job {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j ready) { //~ ERROR E0001
    taskexit(j: ready := false);
}
