task startup(StartupObject s in initialstate) {
    int code = 65;
    char c = code; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
