task startup(StartupObject s in initialstate) {
    private int x = 3; //~ ERROR E0129
    System.out.println(x);
    taskexit(s: initialstate := false);
}
