task startup(StartupObject s in initialstate) {
    int x = x + 1; //~ ERROR E0302
    taskexit(s: initialstate := false);
}
