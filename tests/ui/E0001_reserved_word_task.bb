task startup(StartupObject s in initialstate) {
    int task = 3; //~ ERROR E0001
    taskexit(s: initialstate := false);
}
