task startup(StartupObject s in initialstate) {
    int[] a = { 1, 2L, 3 }; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
