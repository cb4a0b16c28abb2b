task startup(StartupObject s in initialstate) {
    int i = 0;
    while (i < 3) {
        i++;
        continue;
        i--; //~ ERROR E0301
    }
    taskexit(s: initialstate := false);
}
