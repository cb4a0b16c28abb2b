class Namer {
    int name() {
        return "seven"; //~ ERROR E0200
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
