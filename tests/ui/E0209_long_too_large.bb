task startup(StartupObject s in initialstate) {
    long y = 9223372036854775808L; //~ ERROR E0209
    taskexit(s: initialstate := false);
}
