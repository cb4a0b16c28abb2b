task startup(StartupObject s in initialstate) {
    int total;
    total += 5; //~ ERROR E0302
    taskexit(s: initialstate := false);
}
