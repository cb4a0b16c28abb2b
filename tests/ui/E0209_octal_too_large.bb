task startup(StartupObject s in initialstate) {
    int o = 040000000000; //~ ERROR E0209
    taskexit(s: initialstate := false);
}
