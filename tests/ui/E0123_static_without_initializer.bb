class Registry {
    static String lastName; //~ ERROR E0123
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
