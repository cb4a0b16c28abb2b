// Counted loops (`k <= bound` with `k++`, `k >= bound` with `k--`) behave
// as Java's whatever the bound: the compiler tests `k < bound + 1` only
// when the bound is below Integer.MAX_VALUE (and `k > bound - 1` only when
// it is above Integer.MIN_VALUE). At the extremes the counter wraps and the
// loop goes on until the body leaves it.

class Counted {
    // Sum of a[n - k] * c[k] for k = 0 .. last, as a FIR filter's tap loop.
    static int taps(int[] a, int[] c, int n, int last) {
        int sum = 0;
        for (int k = 0; k <= last; k++) {
            sum += a[n - k] * c[k];
        }
        return sum;
    }

    // Counts up from `from` while k <= bound, leaving after `limit` steps.
    static String up(int from, int bound, int limit) {
        int steps = 0;
        int k;
        for (k = from; k <= bound; k += 1) {
            steps++;
            if (steps == limit) {
                break;
            }
        }
        return steps + " steps, k = " + k;
    }

    // Counts down from `from` while k >= bound, leaving after `limit` steps.
    static String down(int from, int bound, int limit) {
        int steps = 0;
        int k;
        for (k = from; k >= bound; k--) {
            steps++;
            if (steps == limit) {
                break;
            }
        }
        return steps + " steps, k = " + k;
    }
}

task startup(StartupObject s in initialstate) {
    int[] a = new int[10];
    int[] c = new int[10];
    for (int i = 0; i < 10; i++) {
        a[i] = i + 1;
        c[i] = 10 - i;
    }
    for (int n = 0; n < 10; n++) {
        int last = n < 3 ? n : 3;
        System.out.println("taps " + n + ": " + Counted.taps(a, c, n, last));
    }
    int max = Integer.MAX_VALUE;
    int min = Integer.MIN_VALUE;
    // Ordinary bounds: the loop ends at the bound.
    System.out.println(Counted.up(3, 7, 100));
    System.out.println(Counted.up(8, 7, 100));
    System.out.println(Counted.down(7, 3, 100));
    System.out.println(Counted.down(2, 3, 100));
    // Bounds next to the extremes: still ordinary.
    System.out.println(Counted.up(max - 3, max - 1, 100));
    System.out.println(Counted.down(min + 3, min + 1, 100));
    // The extremes: k wraps past them and the loop goes on.
    System.out.println(Counted.up(max - 2, max, 6));
    System.out.println(Counted.down(min + 2, min, 6));
    System.out.println(Counted.up(max, max, 2));
    System.out.println(Counted.down(min, min, 2));
    taskexit(s: initialstate := false);
}
