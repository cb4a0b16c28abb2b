// Arrays.equals over byte ranges with a range whose start is past its end
// is Java's IllegalArgumentException, even where the lengths differ.

task startup(StartupObject s in initialstate) {
    byte[] a = new byte[4];
    System.out.println(Arrays.equals(a, 0, 2, a, 1, 3));
    System.out.println(Arrays.equals(a, 0, 2, a, 3, 1));
    taskexit(s: initialstate := false);
}
