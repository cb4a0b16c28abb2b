task startup(StartupObject s in initialstate) {
    boolean lt = "a" < "b"; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
