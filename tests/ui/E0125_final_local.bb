task startup(StartupObject s in initialstate) {
    final int limit = 10;
    limit = 20; //~ ERROR E0125
    taskexit(s: initialstate := false);
}
