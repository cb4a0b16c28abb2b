task startup(StartupObject s in initialstate) {
    first:
    for (int i = 0; i < 2; i++) {
    }
    for (int j = 0; j < 2; j++) {
        break first; //~ ERROR E0114
    }
    taskexit(s: initialstate := false);
}
