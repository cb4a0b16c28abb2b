task startup(StartupObject s in initialstate) {
    long n = 99999999999999999999999L; //~ ERROR E0008
    System.out.println(n);
    taskexit(s: initialstate := false);
}
