task startup(StartupObject s in initialstate) {
    int k = s.args.length;
    switch (k) {
        case 0:
            continue; //~ ERROR E0213
        default:
            k++;
    }
    taskexit(s: initialstate := false);
}
