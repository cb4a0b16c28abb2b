task startup(StartupObject s in initialstate) {
    int x;
    if (s.args.length > 0)
        x = 1;
    int y = x + 1; //~ ERROR E0302
    taskexit(s: initialstate := false);
}
