task startup(StartupObject s in initialstate) {
    String text = -"a"; //~ ERROR E0202
    taskexit(s: initialstate := false);
}
