class Job {
    flag ready;
}

class Report {
    flag printed;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j in ready and !printed) { //~ ERROR E0400
    taskexit(j: ready := false);
}
