// Indexing past the end of an array is a run-time error naming the index
// and the length.

task startup(StartupObject s in initialstate) {
    int[] a = new int[3];
    for (int i = 0; i <= a.length; i++) {
        a[i] = i * 10;
        System.out.println("stored " + a[i]);
    }
    taskexit(s: initialstate := false);
}
