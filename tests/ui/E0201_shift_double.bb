task startup(StartupObject s in initialstate) {
    double d = 1.5;
    double e = d << 2; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
