class Calc {
    int value() {
        return 1;
    }

    long value() { //~ ERROR E0108
        return 2L;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
