task startup(StartupObject s in initialstate) {
    int x;
    if (s.args.length > 0)
        x = 1;
    System.out.println(x); //~ ERROR E0302
    taskexit(s: initialstate := false);
}
