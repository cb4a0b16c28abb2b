task startup(StartupObject s in initialstate) {
    int x = 0;
    try { //~ ERROR E0012
        x = 1;
    } finally {
        x = 2;
    }
    System.out.println(x);
    taskexit(s: initialstate := false);
}
