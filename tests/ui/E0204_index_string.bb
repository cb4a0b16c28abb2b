task startup(StartupObject s in initialstate) {
    String w = "word";
    char c = w[0]; //~ ERROR E0204
    taskexit(s: initialstate := false);
}
