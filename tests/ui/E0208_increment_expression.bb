task startup(StartupObject s in initialstate) {
    int x = 1;
    (x + 1)++; //~ ERROR E0208
    taskexit(s: initialstate := false);
}
