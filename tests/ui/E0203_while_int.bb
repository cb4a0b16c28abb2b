task startup(StartupObject s in initialstate) {
    int n = 3;
    while (n) { //~ ERROR E0203
        n--;
    }
    taskexit(s: initialstate := false);
}
