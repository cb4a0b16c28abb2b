task startup(StartupObject s in initialstate) {
    int[] values = { 1, 2, 3 };
    for (final int v : values) {
        v += 1; //~ ERROR E0125
    }
    taskexit(s: initialstate := false);
}
