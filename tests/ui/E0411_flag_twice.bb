class Job {
    flag ready;
    flag done;
    flag ready; //~ ERROR E0411
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
