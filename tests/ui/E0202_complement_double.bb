task startup(StartupObject s in initialstate) {
    double d = ~1.5; //~ ERROR E0202
    taskexit(s: initialstate := false);
}
