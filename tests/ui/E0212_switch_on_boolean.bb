task startup(StartupObject s in initialstate) {
    boolean b = true;
    switch (b) { //~ ERROR E0212
        default:
            System.out.println(b);
    }
    taskexit(s: initialstate := false);
}
