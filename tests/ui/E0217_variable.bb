task startup(StartupObject s in initialstate) {
    int x = 1;
    x; //~ ERROR E0217
    taskexit(s: initialstate := false);
}
