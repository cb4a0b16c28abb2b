task startup(StartupObject s in initialstate) {
    boolean flagged = false;
    flagged++; //~ ERROR E0202
    taskexit(s: initialstate := false);
}
