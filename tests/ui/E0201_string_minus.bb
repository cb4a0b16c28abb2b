task startup(StartupObject s in initialstate) {
    String text = "abc" - 1; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
