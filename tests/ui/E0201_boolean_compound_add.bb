task startup(StartupObject s in initialstate) {
    boolean ok = true;
    ok += 1; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
