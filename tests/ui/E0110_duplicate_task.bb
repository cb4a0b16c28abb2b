class Job {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false);
}

task work(Job j in ready) { //~ ERROR E0110
    taskexit(j: ready := false);
}
