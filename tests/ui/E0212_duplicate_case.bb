task startup(StartupObject s in initialstate) {
    int k = s.args.length;
    switch (k) {
        case 1:
            k = 10;
            break;
        case 1: //~ ERROR E0212
            k = 20;
            break;
    }
    taskexit(s: initialstate := false);
}
