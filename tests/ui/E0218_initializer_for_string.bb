task startup(StartupObject s in initialstate) {
    String s = { "a" }; //~ ERROR E0218
    taskexit(s: initialstate := false);
}
