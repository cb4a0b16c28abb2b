class Config {
    static final int LIMIT; //~ ERROR E0124
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
