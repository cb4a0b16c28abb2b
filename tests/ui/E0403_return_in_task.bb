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
    if (j.id < 0)
        return; //~ ERROR E0403
    taskexit(j: ready := false, done := true);
}
