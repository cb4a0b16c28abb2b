task startup(StartupObject s in initialstate) {
    int n = 5;
    boolean b = n instanceof Object; //~ ERROR E0207
    taskexit(s: initialstate := false);
}
