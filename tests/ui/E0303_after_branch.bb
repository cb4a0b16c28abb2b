task startup(StartupObject s in initialstate) {
    final int mode;
    if (s.args.length > 0)
        mode = 1;
    mode = 2; //~ ERROR E0303
    taskexit(s: initialstate := false);
}
