// Integer remainder by zero is a run-time error, for long as for int.

task startup(StartupObject s in initialstate) {
    long zero = s.args.length;
    System.out.println(7.5 % zero);
    long r = 100L % zero;
    System.out.println(r);
    taskexit(s: initialstate := false);
}
