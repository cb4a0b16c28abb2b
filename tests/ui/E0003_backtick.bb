task startup(StartupObject s in initialstate) {
    int y = 2; ` //~ ERROR E0003
    System.out.println(y);
    taskexit(s: initialstate := false);
}
