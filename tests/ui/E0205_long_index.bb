task startup(StartupObject s in initialstate) {
    int[] a = new int[3];
    int x = a[2L]; //~ ERROR E0205
    taskexit(s: initialstate := false);
}
