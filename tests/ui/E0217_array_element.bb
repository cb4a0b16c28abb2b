task startup(StartupObject s in initialstate) {
    int[] a = new int[2];
    a[0]; //~ ERROR E0217
    taskexit(s: initialstate := false);
}
