class Config {
    static final int SIZE = compute(); //~ ERROR E0124

    static int compute() {
        return 8;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
