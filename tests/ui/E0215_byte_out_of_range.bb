task startup(StartupObject s in initialstate) {
    byte b = 300; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
