class Name extends String { //~ ERROR E0112
    int extra;
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
