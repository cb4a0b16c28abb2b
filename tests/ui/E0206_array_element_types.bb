task startup(StartupObject s in initialstate) {
    long[] ls = new long[2];
    int[] is = (int[]) ls; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
