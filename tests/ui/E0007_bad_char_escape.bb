task startup(StartupObject s in initialstate) {
    char c = '\x'; //~ ERROR E0007
    System.out.println(c);
    taskexit(s: initialstate := false);
}
