task startup(StartupObject s in initialstate) {
    int x = 0x; //~ ERROR E0008
    System.out.println(x);
    taskexit(s: initialstate := false);
}
