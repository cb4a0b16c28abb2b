task startup(StartupObject s in initialstate) {
    boolean b = (boolean) 1; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
