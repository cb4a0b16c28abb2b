task startup(StartupObject s in initialstate) {
    long n = 4;
    double[] d = new double[n]; //~ ERROR E0205
    taskexit(s: initialstate := false);
}
