task startup(StartupObject s in initialstate) {
    for (int i = 0; i < s.args.length; i++) {
        if (s.args[i].equals("stop"))
            return; //~ ERROR E0403
    }
    taskexit(s: initialstate := false);
}
