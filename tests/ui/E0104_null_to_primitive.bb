class Calc {
    static int half(int x) {
        return x / 2;
    }
}

task startup(StartupObject s in initialstate) {
    System.out.println(Calc.half(null)); //~ ERROR E0104
    taskexit(s: initialstate := false);
}
