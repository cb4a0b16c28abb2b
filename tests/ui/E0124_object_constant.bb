class Config {
    static final Random RNG = new Random(42); //~ ERROR E0124
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
