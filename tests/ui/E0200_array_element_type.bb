task startup(StartupObject s in initialstate) {
    int[] a = new long[3]; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
