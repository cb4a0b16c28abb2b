// Creating an array with a negative size is a run-time error naming the size.

task startup(StartupObject s in initialstate) {
    int n = 3 - s.args.length * 0 - 5;
    System.out.println("size " + n);
    double[] d = new double[n];
    System.out.println(d.length);
    taskexit(s: initialstate := false);
}
