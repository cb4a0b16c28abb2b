task startup(StartupObject s in initialstate) {
    char c = 'ab'; //~ ERROR E0005
    System.out.println(c);
    taskexit(s: initialstate := false);
}
