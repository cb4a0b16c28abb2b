class Calc {
    int sign(int x) {
        if (x < 0)
            return -1;
        else if (x > 0)
            return 1;
    } //~ ERROR E0300
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
