task startup(StartupObject s in initialstate) {
    "hello"; //~ ERROR E0217
    taskexit(s: initialstate := false);
}
