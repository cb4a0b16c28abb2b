// Integer division by zero is a run-time error (floating division is not).

task startup(StartupObject s in initialstate) {
    int zero = s.args.length;
    System.out.println(1.0 / zero);
    System.out.println(10 / (zero + 1));
    System.out.println(10 / zero);
    taskexit(s: initialstate := false);
}
