// `archived` is declared but no guard reads it and nothing sets it.
class Job {
    flag ready;
    flag archived; //~ WARNING W0004
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false);
}
