task startup(StartupObject s in initialstate) {
    final int n = 1;
    n++; //~ ERROR E0125
    taskexit(s: initialstate := false);
}
