task startup(StartupObject s in initialstate) {
    int i = 0;
    loop:
    while (i < 5) {
        i++;
        continue lop; //~ ERROR E0114
    }
    taskexit(s: initialstate := false);
}
