class Calc {
    int square(int x) {
        return x * x;
    }
}

task startup(StartupObject s in initialstate) {
    Calc c = new Calc();
    System.out.println(c.square("three")); //~ ERROR E0104
    taskexit(s: initialstate := false);
}
