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
    Job other = new Job();
    taskexit(j: ready := false; other: done := true); //~ ERROR E0402
}
