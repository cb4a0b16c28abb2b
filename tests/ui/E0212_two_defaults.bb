task startup(StartupObject s in initialstate) {
    int k = s.args.length;
    switch (k) {
        default:
            k = 1;
            break;
        default: //~ ERROR E0212
            k = 2;
    }
    taskexit(s: initialstate := false);
}
