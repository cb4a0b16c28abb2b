task startup(StartupObject s in initialstate) {
    int x = { 1, 2 }; //~ ERROR E0218
    taskexit(s: initialstate := false);
}
