task startup(StartupObject s in initialstate) {
    int y = (1 + 2; //~ ERROR E0001
    System.out.println(y);
    taskexit(s: initialstate := false);
}
