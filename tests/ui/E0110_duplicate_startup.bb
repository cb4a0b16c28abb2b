task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task startup(StartupObject s{initialstate}) { //~ ERROR E0110
    taskexit(s{!initialstate});
}
