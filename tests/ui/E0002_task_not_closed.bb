class Job {
    int id;
}

task startup(StartupObject s in initialstate) {
    Job j = new Job();
    taskexit(s: initialstate := false); //~ ERROR E0002