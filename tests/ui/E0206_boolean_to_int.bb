task startup(StartupObject s in initialstate) {
    int i = (int) true; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
