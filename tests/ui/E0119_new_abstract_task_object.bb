abstract class Job {
    flag ready;

    abstract void run();
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true }; //~ ERROR E0119
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    j.run();
    taskexit(j: ready := false);
}
