task startup(StartupObject s in initialstate) {
    String s = -"a"; //~ ERROR E0202
    taskexit(s: initialstate := false);
}
