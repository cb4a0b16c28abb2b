task startup(StartupObject s in initialstate) {
    int[] a = new int[2.0]; //~ ERROR E0205
    taskexit(s: initialstate := false);
}
