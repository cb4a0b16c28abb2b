class Calc {
    int add(int a, int b) {
        return a + b;
    }
}

task startup(StartupObject s in initialstate) {
    Calc c = new Calc();
    System.out.println(c.add(1, 2, 3)); //~ ERROR E0104
    taskexit(s: initialstate := false);
}
