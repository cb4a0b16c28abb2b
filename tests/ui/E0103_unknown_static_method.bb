task startup(StartupObject s in initialstate) {
    double r = Math.sqroot(2.0); //~ ERROR E0103
    System.out.println(r);
    taskexit(s: initialstate := false);
}
