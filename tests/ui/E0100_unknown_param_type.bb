class Printer {
    void print(Documnet d) { //~ ERROR E0100
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
