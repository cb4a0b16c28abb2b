task startup(StartupObject s in initialstate) {
    int x = 3;
    x.foo(); //~ ERROR E0214
    taskexit(s: initialstate := false);
}
