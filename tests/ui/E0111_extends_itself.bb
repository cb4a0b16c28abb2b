class Loop extends Loop { //~ ERROR E0111
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
