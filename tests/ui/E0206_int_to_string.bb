task startup(StartupObject s in initialstate) {
    String text = (String) 5; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
