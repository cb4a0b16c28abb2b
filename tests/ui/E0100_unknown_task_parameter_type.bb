task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task handle(Ghost g in true) { //~ ERROR E0100
    taskexit();
}
