class Job {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    Job j = new Job(); //~ ERROR E0109
    taskexit(j: ready := false);
}
