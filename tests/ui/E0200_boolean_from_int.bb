task startup(StartupObject s in initialstate) {
    boolean done = 0; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
