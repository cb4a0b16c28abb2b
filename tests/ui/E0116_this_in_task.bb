task startup(StartupObject s in initialstate) {
    Object o = this; //~ ERROR E0116
    taskexit(s: initialstate := false);
}
