// Arrays.equals over byte ranges with a range past the array's end is
// Java's ArrayIndexOutOfBoundsException naming the end.

task startup(StartupObject s in initialstate) {
    byte[] a = new byte[4];
    byte[] b = new byte[3];
    System.out.println(Arrays.equals(a, 1, 4, b, 0, 3));
    System.out.println(Arrays.equals(a, 0, 4, b, 0, 4));
    taskexit(s: initialstate := false);
}
