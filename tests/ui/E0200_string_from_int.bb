task startup(StartupObject s in initialstate) {
    String s = 1; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
