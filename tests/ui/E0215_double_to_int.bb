task startup(StartupObject s in initialstate) {
    int i = 3.5; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
