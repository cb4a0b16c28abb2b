task startup(StartupObject s in initialstate) {
    int k = s.args.length;
    int limit = 3;
    switch (k) {
        case limit: //~ ERROR E0212
            k = 0;
            break;
        default:
            k = 1;
    }
    taskexit(s: initialstate := false);
}
