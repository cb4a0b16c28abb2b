// System.arraycopy between arrays of two primitive types is Java's
// ArrayStoreException, a run-time error, even when the indexes are in
// bounds.

task startup(StartupObject s in initialstate) {
    int[] a = new int[4];
    long[] b = new long[4];
    int[] c = new int[4];
    a[2] = 7;
    System.arraycopy(a, 0, c, 0, 4);
    System.out.println("int into int: " + c[2]);
    System.arraycopy(a, 0, b, 0, 4);
    System.out.println("not reached");
    taskexit(s: initialstate := false);
}
