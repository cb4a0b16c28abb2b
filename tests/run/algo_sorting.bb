// Sorting algorithms on data from a seeded Random: insertion sort,
// quicksort, merge sort, heap sort on int[]; a stable sort of objects by
// key; all results compared with each other and checksummed.

class Rec {
    int key;
    int seq;

    Rec(int key, int seq) {
        this.key = key;
        this.seq = seq;
    }
}

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

    static void merge(int[] a, int[] tmp, int lo, int hi) {
        if (hi - lo < 2)
            return;
        int mid = (lo + hi) / 2;
        merge(a, tmp, lo, mid);
        merge(a, tmp, mid, hi);
        int i = lo, j = mid, k = lo;
        while (i < mid && j < hi)
            tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
        while (i < mid)
            tmp[k++] = a[i++];
        while (j < hi)
            tmp[k++] = a[j++];
        System.arraycopy(tmp, lo, a, lo, hi - lo);
    }

    static void sift(int[] a, int i, int n) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= n)
                return;
            int m = l;
            if (l + 1 < n && a[l + 1] > a[l])
                m = l + 1;
            if (a[i] >= a[m])
                return;
            int t = a[i];
            a[i] = a[m];
            a[m] = t;
            i = m;
        }
    }

    static void heap(int[] a) {
        for (int i = a.length / 2 - 1; i >= 0; i--)
            sift(a, i, a.length);
        for (int n = a.length - 1; n > 0; n--) {
            int t = a[0];
            a[0] = a[n];
            a[n] = t;
            sift(a, 0, n);
        }
    }

    static void stable(Rec[] rs) {
        for (int i = 1; i < rs.length; i++) {
            Rec v = rs[i];
            int j = i - 1;
            while (j >= 0 && rs[j].key > v.key) {
                rs[j + 1] = rs[j];
                j--;
            }
            rs[j + 1] = v;
        }
    }

    static long checksum(int[] a) {
        long h = 0;
        for (int i = 0; i < a.length; i++)
            h = h * 1000003 + a[i];
        return h;
    }

    static void run() {
        Random r = new Random(12345);
        int n = 2000;
        int[] base = new int[n];
        for (int i = 0; i < n; i++)
            base[i] = r.nextInt(10000) - 5000;
        int[] a = (int[]) Arrays.copyOf(base, n);
        int[] b = Arrays.copyOf(base, n);
        int[] c = Arrays.copyOf(base, n);
        int[] d = Arrays.copyOf(base, n);
        int[] e = Arrays.copyOf(base, n);
        insertion(a);
        quick(b, 0, n - 1);
        merge(c, new int[n], 0, n);
        heap(d);
        Arrays.sort(e);
        System.out.println(Arrays.equals(a, b) + " " + Arrays.equals(b, c) + " " + Arrays.equals(c, d) + " " + Arrays.equals(d, e));
        System.out.println(a[0] + " " + a[n / 2] + " " + a[n - 1] + " " + checksum(a));
        Rec[] rs = new Rec[30];
        for (int i = 0; i < rs.length; i++)
            rs[i] = new Rec(r.nextInt(5), i);
        stable(rs);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rs.length; i++)
            sb.append(rs[i].key).append('/').append(rs[i].seq).append(' ');
        System.out.println(sb);
    }
}

task startup(StartupObject s in initialstate) {
    Sorts.run();
    taskexit(s: initialstate := false);
}
