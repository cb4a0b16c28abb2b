class Job {
    flag ready;
    flag done;

    int id;
}

task startup(StartupObject s in initialstate) {
    String label = "batch";
    new Job() { ready := true, add label }; //~ ERROR E0405
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false, done := true);
}
