class Calc {
    int half(int x) {
        if (x < 0)
            return; //~ ERROR E0211
        return x / 2;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
