task startup(StartupObject s in initialstate) {
    String text = { "a" }; //~ ERROR E0218
    taskexit(s: initialstate := false);
}
