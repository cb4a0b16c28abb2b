task startup(StartupObject s in initialstate) {
    long big = 3L;
    switch (big) { //~ ERROR E0212
        default:
            System.out.println(big);
    }
    taskexit(s: initialstate := false);
}
