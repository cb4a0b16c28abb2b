class Calc {
    int add(int a, int b) {
        int a = 5; //~ ERROR E0109
        return a + b;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
