task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task count(int n in true) { //~ ERROR E0406
    taskexit();
}
