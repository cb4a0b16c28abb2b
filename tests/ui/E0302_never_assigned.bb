task startup(StartupObject s in initialstate) {
    int x;
    System.out.println(x); //~ ERROR E0302
    taskexit(s: initialstate := false);
}
