// Array algorithms in plain Java style: insertion sort, quicksort and
// merge sort on int arrays, binary search, and sorting strings with
// compareTo.

class Sorts {
    static void insertion(int[] a) {
        for (int i = 1; i < a.length; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= 0 && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    static void quick(int[] a, int lo, int hi) {
        if (lo >= hi)
            return;
        int p = a[(lo + hi) >>> 1];
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) {
                int t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                j--;
            }
        }
        quick(a, lo, j);
        quick(a, i, hi);
    }

    static int[] merge(int[] a) {
        if (a.length <= 1)
            return a;
        int mid = a.length / 2;
        int[] l = new int[mid];
        int[] r = new int[a.length - mid];
        System.arraycopy(a, 0, l, 0, mid);
        System.arraycopy(a, mid, r, 0, r.length);
        l = merge(l);
        r = merge(r);
        int[] out = new int[a.length];
        int i = 0, j = 0, k = 0;
        while (i < l.length && j < r.length)
            out[k++] = l[i] <= r[j] ? l[i++] : r[j++];
        while (i < l.length)
            out[k++] = l[i++];
        while (j < r.length)
            out[k++] = r[j++];
        return out;
    }

    static int search(int[] a, int key) {
        int lo = 0, hi = a.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) / 2;
            if (a[mid] == key)
                return mid;
            if (a[mid] < key)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
        return -(lo + 1);
    }

    static void strings(String[] a) {
        for (int i = 1; i < a.length; i++)
            for (int j = i; j > 0 && a[j - 1].compareTo(a[j]) > 0; j--) {
                String t = a[j];
                a[j] = a[j - 1];
                a[j - 1] = t;
            }
    }

    static String show(int[] a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++)
            sb.append(a[i]).append(i + 1 < a.length ? "," : "");
        return sb.toString();
    }
}

task startup(StartupObject s in initialstate) {
    Random r = new Random(7);
    int[] a = new int[12];
    for (int i = 0; i < a.length; i++)
        a[i] = r.nextInt(100);
    int[] b = new int[a.length];
    int[] c = new int[a.length];
    System.arraycopy(a, 0, b, 0, a.length);
    System.arraycopy(a, 0, c, 0, a.length);
    Sorts.insertion(a);
    Sorts.quick(b, 0, b.length - 1);
    int[] m = Sorts.merge(c);
    System.out.println(Sorts.show(a));
    System.out.println(Sorts.show(a).equals(Sorts.show(b)) + " " + Sorts.show(b).equals(Sorts.show(m)));
    System.out.println(Sorts.search(a, a[5]) >= 0);
    System.out.println(Sorts.search(a, 1000));
    String[] names = { "pear", "apple", "fig", "banana" };
    Sorts.strings(names);
    System.out.println(names[0] + " " + names[1] + " " + names[2] + " " + names[3]);
    taskexit(s: initialstate := false);
}
