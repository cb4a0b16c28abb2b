task startup(StartupObject s in initialstate) {
    double d = 1.0;
    switch (d) { //~ ERROR E0212
        default:
            System.out.println(d);
    }
    taskexit(s: initialstate := false);
}
