task startup(StartupObject s in initialstate) {
    String name;
    switch (s.args.length) {
        case 0:
            name = "none";
            break;
        case 1:
            name = "one";
            break;
    }
    String copy = name; //~ ERROR E0302
    taskexit(s: initialstate := false);
}
