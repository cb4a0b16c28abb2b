task startup(StartupObject s in initialstate) {
    int x = 1;
    x == 2; //~ ERROR E0217
    taskexit(s: initialstate := false);
}
