task startup(StartupObject s in initialstate) {
    int n = 2;
    int m = n ? 1 : 0; //~ ERROR E0203
    taskexit(s: initialstate := false);
}
