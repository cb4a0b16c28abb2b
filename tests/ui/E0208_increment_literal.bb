task startup(StartupObject s in initialstate) {
    int y = 5++; //~ ERROR E0208
    taskexit(s: initialstate := false);
}
