class Calc {
    int size() {
        return 3;
    }
}

task startup(StartupObject s in initialstate) {
    int n = Calc.size(); //~ ERROR E0117
    System.out.println(n);
    taskexit(s: initialstate := false);
}
