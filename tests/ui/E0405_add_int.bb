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
    int x = 3;
    taskexit(j: ready := false, add x); //~ ERROR E0405
}
