task startup(StartupObject s in initialstate) {
    int x = 5;
    int y = x[0]; //~ ERROR E0204
    taskexit(s: initialstate := false);
}
