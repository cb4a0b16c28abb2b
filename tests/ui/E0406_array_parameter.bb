task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task sum(int[] values in true) { //~ ERROR E0406
    taskexit();
}
