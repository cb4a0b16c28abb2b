task startup(StartupObject s in initialstate) {
    int x = 1;
    else { //~ ERROR E0001
        x = 2;
    }
    taskexit(s: initialstate := false);
}
