enum Color { //~ ERROR E0012
    RED, GREEN
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
