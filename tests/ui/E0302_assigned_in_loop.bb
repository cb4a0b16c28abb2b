task startup(StartupObject s in initialstate) {
    int last;
    for (int i = 0; i < s.args.length; i++)
        last = i;
    int copy = last; //~ ERROR E0302
    taskexit(s: initialstate := false);
}
