task startup(StartupObject s in initialstate) {
    boolean b = s.args.length > 0;
    int v = b ? 1 : "none"; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
