task startup(StartupObject s in initialstate) {
    int n = 3;
    boolean same = n == true; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
