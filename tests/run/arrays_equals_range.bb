// Arrays.equals over byte ranges (Java 9's overload, a native): the
// lengths of the ranges, then their bytes; empty ranges are equal; the
// ranges may lie in one array and overlap.

task startup(StartupObject s in initialstate) {
    byte[] a = new byte[] { 1, 2, 3, 4, 5, 1, 2, 3 };
    byte[] b = new byte[] { 9, 1, 2, 3, -7 };
    System.out.println(Arrays.equals(a, 0, 3, b, 1, 4));     // true
    System.out.println(Arrays.equals(a, 5, 8, b, 1, 4));     // true
    System.out.println(Arrays.equals(a, 0, 4, b, 1, 5));     // false: 4 against -7
    System.out.println(Arrays.equals(a, 0, 3, b, 1, 3));     // false: lengths 3 and 2
    System.out.println(Arrays.equals(a, 8, 8, b, 0, 0));     // true: empty
    System.out.println(Arrays.equals(a, 0, 3, a, 5, 8));     // true: one array
    System.out.println(Arrays.equals(a, 0, 8, a, 0, 8));     // true: the same range
    System.out.println(Arrays.equals(a, 1, 3, a, 0, 2));     // false: overlapping
    System.out.println(Arrays.equals(b, 4, 5, new byte[] { -7 }, 0, 1)); // true
    System.out.println(Arrays.equals(a, b));                 // the whole-array overload: false
    taskexit(s: initialstate := false);
}
