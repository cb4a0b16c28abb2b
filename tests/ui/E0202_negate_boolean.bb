task startup(StartupObject s in initialstate) {
    boolean t = true;
    boolean f = -t; //~ ERROR E0202
    taskexit(s: initialstate := false);
}
