task startup(StartupObject s in initialstate) {
    int x = 2147483648; //~ ERROR E0209
    taskexit(s: initialstate := false);
}
