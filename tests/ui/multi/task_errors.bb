// Errors of the task language in several tasks and a method: each one is
// reported.

class Job {
    flag ready;
    flag done;

    int id;

    void finish() {
        taskexit(); //~ ERROR E0401
    }
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true, urgent := true }; //~ ERROR E0400
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    if (j.id < 0)
        return; //~ ERROR E0403
    taskexit(j: ready := false, done := true, add t); //~ ERROR E0404
}

task check(Job j in done and !ready) {
    taskexit(j: done := false, done := true); //~ ERROR E0407
}

task report(Job j in done and ready) {
    if (j.done) //~ ERROR E0408
        j.id++;
    taskexit(other: done := false); //~ ERROR E0402
}

task idle() { //~ ERROR E0412
    taskexit();
}
