task startup(StartupObject s in initialstate) {
    int x = true + 1; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
