class Calc {
    int base = 10;

    int addBase(int x) {
        return x + base;
    }

    static int compute(int x) {
        return addBase(x); //~ ERROR E0117
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
