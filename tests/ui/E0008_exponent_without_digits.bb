task startup(StartupObject s in initialstate) {
    double d = 1e; //~ ERROR E0008
    System.out.println(d);
    taskexit(s: initialstate := false);
}
