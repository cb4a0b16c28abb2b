class Calc {
    int abs(int x) {
        if (x < 0)
            return -x;
        else
            return x;
        x = 0; //~ ERROR E0301
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
