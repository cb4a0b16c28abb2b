task startup(StartupObject s in initialstate) {
    int b = 0b; //~ ERROR E0008
    System.out.println(b);
    taskexit(s: initialstate := false);
}
