task startup(StartupObject s in initialstate) {
    int i = 1L; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
