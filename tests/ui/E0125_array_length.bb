task startup(StartupObject s in initialstate) {
    int[] a = new int[3];
    a.length = 5; //~ ERROR E0125
    taskexit(s: initialstate := false);
}
