task startup(StartupObject s in initialstate) {
    long total = 5;
    int part = 0;
    part = total; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
