class Job {
    flag ready, done, ready; //~ ERROR E0411
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
