interface Shape { //~ ERROR E0012
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
