task startup(StartupObject s in initialstate) {
    int h = 0x1FFFFFFFF; //~ ERROR E0209
    taskexit(s: initialstate := false);
}
