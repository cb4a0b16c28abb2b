task startup(StartupObject s in initialstate) {
    final int x;
    for (int i = 0; i < 3; i++) {
        x = i; //~ ERROR E0303
    }
    taskexit(s: initialstate := false);
}
