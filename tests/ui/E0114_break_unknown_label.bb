task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 3; i++) {
        if (i == 1)
            break outer; //~ ERROR E0114
    }
    taskexit(s: initialstate := false);
}
