task startup(StartupObject s in initialstate) {
    char c = 'x';
    short sh = c; //~ ERROR E0215
    taskexit(s: initialstate := false);
}
