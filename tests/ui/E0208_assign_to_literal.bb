task startup(StartupObject s in initialstate) {
    int x = 1;
    5 = x; //~ ERROR E0208
    taskexit(s: initialstate := false);
}
