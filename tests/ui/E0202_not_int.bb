task startup(StartupObject s in initialstate) {
    boolean b = !5; //~ ERROR E0202
    taskexit(s: initialstate := false);
}
