task startup(StartupObject s in initialstate) {
    final int x;
    x = 1;
    x = 2; //~ ERROR E0303
    taskexit(s: initialstate := false);
}
