task startup(StartupObject s in initialstate) {
    do {
        System.out.println("x");
    } while ("no"); //~ ERROR E0203
    taskexit(s: initialstate := false);
}
