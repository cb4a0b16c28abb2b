task startup(StartupObject s in initialstate) {
    int x = 3;
    String t = x.toString(); //~ ERROR E0214
    taskexit(s: initialstate := false);
}
