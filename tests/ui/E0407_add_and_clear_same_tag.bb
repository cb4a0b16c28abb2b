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
    tag t = new tag(link);
    taskexit(j: ready := false, add t, clear t); //~ ERROR E0407
}
