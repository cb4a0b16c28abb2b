task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task bind(tag t in true) { //~ ERROR E0406
    taskexit();
}
