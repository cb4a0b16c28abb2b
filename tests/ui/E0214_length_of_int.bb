task startup(StartupObject s in initialstate) {
    int n = 5;
    int len = n.length; //~ ERROR E0214
    taskexit(s: initialstate := false);
}
