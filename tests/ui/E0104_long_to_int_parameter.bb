class Calc {
    static int half(int x) {
        return x / 2;
    }
}

task startup(StartupObject s in initialstate) {
    long big = 10L;
    System.out.println(Calc.half(big)); //~ ERROR E0104
    taskexit(s: initialstate := false);
}
