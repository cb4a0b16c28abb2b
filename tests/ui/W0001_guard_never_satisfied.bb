// `report` waits for `done`, which nothing ever sets.
class Job {
    flag ready;
    flag done;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false);
}

task report(Job j in done) { //~ WARNING W0001
    taskexit(j: done := false);
}
