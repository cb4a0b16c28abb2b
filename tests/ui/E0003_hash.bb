task startup(StartupObject s in initialstate) {
    int x = 1;
    # //~ ERROR E0003
    System.out.println(x);
    taskexit(s: initialstate := false);
}
