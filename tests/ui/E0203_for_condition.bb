task startup(StartupObject s in initialstate) {
    for (int i = 0; i + 1; i++) { //~ ERROR E0203
    }
    taskexit(s: initialstate := false);
}
