class Job {
    flag ready;
    flag done;

    int id;
}

task startup(StartupObject s in initialstate) {
    new Job() { ready := true };
    taskexit(s: initialstate := false);
}

task work(Job j{ready}) {
    taskexit(j{!ready}{!link}); //~ ERROR E0404
}
