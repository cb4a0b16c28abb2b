task startup(StartupObject s in initialstate) {
    tag t = 5; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
