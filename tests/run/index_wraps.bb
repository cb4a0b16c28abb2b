// Index arithmetic wraps as Java's int arithmetic does, even where the
// compiler computes an index in 64 bits: an index whose arithmetic
// overflows selects the element of the wrapped value, and an index that
// wraps out of range is reported with Java's value.

class Wrap {
    static int at(int[] a, int x, int y) {
        return a[x * y + 3];
    }
}

task startup(StartupObject s in initialstate) {
    int[] a = new int[8];
    for (int i = 0; i < a.length; i++) {
        a[i] = 100 + i;
    }
    int big = 2147483647;
    int k = 65536;
    // (2^31 - 1) * 2 + 5 = 2^32 + 3 wraps to 3.
    System.out.println(a[big + big + 5]);
    // 2^16 * 2^16 + 3 = 2^32 + 3 wraps to 3.
    System.out.println(Wrap.at(a, k, k));
    a[big * 2 + 8] += 7;            // 2^32 + 6 wraps to 6
    a[k * k - 1 + 2]++;             // 2^32 + 1 wraps to 1
    System.out.println(a[6] + " " + a[1]);
    for (int i = big - 3; i > 0; i++) {
        // i + big + 5 is 2^32 .. 2^32 + 3, which wraps to 0 .. 3.
        System.out.println(i + ": " + a[i + big + 5]);
    }
    // 2^31 - 1 + 1 wraps to -2^31: out of bounds.
    System.out.println(a[big + 1]);
    taskexit(s: initialstate := false);
}
