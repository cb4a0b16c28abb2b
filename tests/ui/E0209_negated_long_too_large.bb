task startup(StartupObject s in initialstate) {
    long m = -9223372036854775809L; //~ ERROR E0209
    taskexit(s: initialstate := false);
}
