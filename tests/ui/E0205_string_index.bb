task startup(StartupObject s in initialstate) {
    int[] a = new int[3];
    a["0"] = 1; //~ ERROR E0205
    taskexit(s: initialstate := false);
}
