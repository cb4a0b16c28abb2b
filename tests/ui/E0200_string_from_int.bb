task startup(StartupObject s in initialstate) {
    String text = 1; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
