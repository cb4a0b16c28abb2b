// Falling off the end of `work` changes no flag: the runtime would invoke
// it on the same Job forever.
class Job {
    flag ready;
    int n;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    j.n++;
    System.out.println("working");
} //~ WARNING W0002
