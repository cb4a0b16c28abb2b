// Array declarations in both styles: Java's `int[] a` and the C-style
// declarators of the original distribution (`int a[]`, `float pair[][]`),
// array initialisers, `new T[]{...}`, length, and arrays as parameters and
// results (also with C-style parameter declarators).

class ArrayUtil {
    static int sum(int values[]) {
        int s = 0;
        for (int i = 0; i < values.length; i++)
            s += values[i];
        return s;
    }

    static int[] reversed(int[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++)
            r[a.length - 1 - i] = a[i];
        return r;
    }

    static String show(int[] a) {
        String s = "[";
        for (int i = 0; i < a.length; i++) {
            if (i > 0)
                s = s + ", ";
            s = s + a[i];
        }
        return s + "]";
    }
}

class Holder {
    int data[] = { 7, 8, 9 };
    String labels[];
    double[] weights = new double[] { 0.25, 0.75 };

    Holder() {
        labels = new String[] { "x", "y", "z" };
    }
}

task startup(StartupObject s in initialstate) {
    int a[] = { 5, 3, 1 };
    int[] b = new int[4];
    int c[] = new int[] { 2, 4, 6, 8 }, d = 10;
    b[0] = a[0] + d;
    b[b.length - 1] = c[3];
    System.out.println(ArrayUtil.show(a));
    System.out.println(ArrayUtil.show(b));
    System.out.println(ArrayUtil.show(ArrayUtil.reversed(c)));
    System.out.println("sum = " + ArrayUtil.sum(c));
    System.out.println("sum of literal = " + ArrayUtil.sum(new int[] { 1, 2, 3 }));

    int n = 3;
    float pair[][] = new float[2][n];
    pair[1][2] = 1.5f;
    System.out.println("pair = " + pair.length + "x" + pair[0].length + " " + pair[1][2]);

    Holder h = new Holder();
    System.out.println(h.data[2] + h.labels[1] + h.weights[1]);

    boolean[] flags = new boolean[2];
    char[] chars = new char[3];
    String[] strs = new String[2];
    System.out.println(flags[1] + " " + (int) chars[0] + " " + strs[0]);

    int[] empty = {};
    int[] trailing = { 1, 2, };
    System.out.println(empty.length + trailing.length);
    long[] longs = { 1, 2L, 'c' };
    double[] ds = { 1, 2.5f, 3L };
    System.out.println(longs[2] + " " + ds[0]);

    int[] alias = a;
    alias[0] = 99;
    System.out.println("a[0] = " + a[0]);
    a = new int[] { 1 };
    System.out.println("a.length = " + a.length);
    taskexit(s: initialstate := false);
}
