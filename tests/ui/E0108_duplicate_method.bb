class Calc {
    int twice(int x) {
        return 2 * x;
    }

    int twice(int y) { //~ ERROR E0108
        return y + y;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
