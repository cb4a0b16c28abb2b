class Calc {
    int twice(int x) {
        return 2 * x;
        System.out.println("never"); //~ ERROR E0301
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
