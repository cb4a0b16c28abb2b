// System.arraycopy (forward, overlapping in both directions, between
// object arrays), Arrays.fill, copyOf, copyOfRange, sort, equals,
// toString, binarySearch.

class ArrLib {
    static String show(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++) {
            if (i > 0)
                sb.append(',');
            sb.append(a[i]);
        }
        return sb.toString();
    }

    static void run() {
        int[] a = { 1, 2, 3, 4, 5, 6, 7, 8 };
        int[] b = new int[10];
        System.arraycopy(a, 2, b, 1, 5);
        System.out.println(show(b));
        System.arraycopy(a, 0, a, 2, 5);
        System.out.println(show(a));
        System.arraycopy(a, 3, a, 0, 5);
        System.out.println(show(a));
        System.arraycopy(a, 0, b, 0, 0);
        String[] s1 = { "a", "b", "c" };
        Object[] o1 = new Object[4];
        System.arraycopy(s1, 0, o1, 1, 3);
        System.out.println(o1[0] + " " + o1[1] + " " + o1[3]);
        char[] cs = "hello world".toCharArray();
        char[] dst = new char[5];
        System.arraycopy(cs, 6, dst, 0, 5);
        System.out.println(new String(dst));
        double[] ds = { 3.5, -1.0, 2.25, 0.0, -0.0, 10.0 };
        java_sort_show(ds);
        int[] f = new int[5];
        Arrays.fill(f, 7);
        Arrays.fill(f, 1, 3, -1);
        System.out.println(show(f) + " " + Arrays.toString(f));
        int[] grown = Arrays.copyOf(f, 7);
        int[] shrunk = Arrays.copyOf(f, 2);
        int[] range = Arrays.copyOfRange(a, 2, 5);
        System.out.println(Arrays.toString(grown) + " " + Arrays.toString(shrunk) + " " + Arrays.toString(range));
        int[] unsorted = { 5, -3, 99, 0, 5, 12, -100, 7 };
        Arrays.sort(unsorted);
        System.out.println(Arrays.toString(unsorted) + " " + Arrays.binarySearch(unsorted, 12) + " " + Arrays.binarySearch(unsorted, 6));
        String[] words = { "pear", "Apple", "fig", "apple", "banana" };
        Arrays.sort(words);
        System.out.println(Arrays.toString(words));
        System.out.println(Arrays.equals(f, new int[] { 7, -1, -1, 7, 7 }) + " " + Arrays.equals(f, grown));
        long[] ls = { 3L, 1L, 2L };
        Arrays.sort(ls);
        char[] chs = { 'z', 'a', 'm' };
        Arrays.sort(chs);
        System.out.println(Arrays.toString(ls) + " " + Arrays.toString(chs) + " " + Arrays.toString(new boolean[] { true, false }));
        Object[] objs = { "x", new Integer(3), null };
        System.out.println(Arrays.toString(objs) + " " + Arrays.toString((int[]) null));
        int[] sub = { 9, 8, 7, 6, 5, 4 };
        Arrays.sort(sub, 1, 4);
        System.out.println(Arrays.toString(sub));
    }

    static void java_sort_show(double[] ds) {
        Arrays.sort(ds);
        System.out.println(Arrays.toString(ds));
    }
}

task startup(StartupObject s in initialstate) {
    ArrLib.run();
    taskexit(s: initialstate := false);
}
