task startup(StartupObject s in initialstate) {
    int x = "s"; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
