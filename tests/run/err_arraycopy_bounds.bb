// System.arraycopy within bounds copies; one whose last source index is past
// the end of the source array is Java's ArrayIndexOutOfBoundsException, a
// run-time error that names the index and the array.

task startup(StartupObject s in initialstate) {
    int[] a = new int[5];
    int[] b = new int[5];
    for (int i = 0; i < 5; i++) {
        a[i] = i + 1;
    }
    System.arraycopy(a, 1, b, 0, 4);
    System.out.println("copied " + b[0] + " " + b[3] + " " + b[4]);
    System.arraycopy(a, 0, b, 5, 0);
    System.out.println("empty copy at the end");
    System.arraycopy(a, 3, b, 0, 4);
    System.out.println("not reached");
    taskexit(s: initialstate := false);
}
