class Calc {
    int clamp(final int v) {
        if (v < 0)
            v = 0; //~ ERROR E0125
        return v;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
