class Calc {
    double average(int[] xs) {
    } //~ ERROR E0300
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
