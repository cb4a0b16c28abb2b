task startup(StartupObject s in initialstate) {
    int x = 1;
    if (x > 0)
        break; //~ ERROR E0213
    taskexit(s: initialstate := false);
}
