task startup(StartupObject s in initialstate) {
    int a = 1, b = 2;
    if (a && b) { //~ ERROR E0201
    }
    taskexit(s: initialstate := false);
}
