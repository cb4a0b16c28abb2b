class Config {
    static final int SIZE = 8;
}

task startup(StartupObject s in initialstate) {
    Config.SIZE = 16; //~ ERROR E0125
    taskexit(s: initialstate := false);
}
