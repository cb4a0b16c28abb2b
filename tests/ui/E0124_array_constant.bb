class Config {
    static final int[] PRIMES = { 2, 3, 5, 7 }; //~ ERROR E0124
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
