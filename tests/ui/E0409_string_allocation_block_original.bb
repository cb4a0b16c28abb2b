class Job {
    flag ready;
    flag done;

    int id;
}

task startup(StartupObject s in initialstate) {
    String word = new String("text"){ready}; //~ ERROR E0409
    taskexit(s: initialstate := false);
}

task work(Job j in ready) {
    taskexit(j: ready := false, done := true);
}
