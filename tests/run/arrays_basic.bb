// Arrays: default values of every element type, initialisers, length,
// arrays of objects (null elements), array references shared and
// reassigned, arrays as parameters and return values, arrays of length 0.

class Item {
    int v;

    Item(int v) {
        this.v = v;
    }
}

class Arr {
    static int[] squares(int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++)
            r[i] = i * i;
        return r;
    }

    static void fill(int[] a, int v) {
        for (int i = 0; i < a.length; i++)
            a[i] = v;
    }

    static void run() {
        boolean[] z = new boolean[2];
        byte[] b = new byte[2];
        char[] c = new char[2];
        short[] s = new short[2];
        int[] i = new int[2];
        long[] l = new long[2];
        float[] f = new float[2];
        double[] d = new double[2];
        String[] str = new String[2];
        Item[] it = new Item[2];
        System.out.println(z[1] + " " + b[1] + " " + (int) c[1] + " " + s[1] + " " + i[1] + " " + l[1] + " " + f[1] + " " + d[1] + " " + str[1] + " " + it[1]);
        int[] sq = squares(6);
        System.out.println(sq.length + " " + sq[5]);
        int[] alias = sq;
        fill(alias, 7);
        System.out.println(sq[0] + " " + (alias == sq));
        sq = new int[] { 3, 1, 4, 1, 5, 9, 2, 6 };
        System.out.println(sq.length + " " + alias.length);
        String[] names = { "ann", "bob", null, "dan" };
        int nulls = 0;
        for (int k = 0; k < names.length; k++)
            if (names[k] == null)
                nulls++;
        System.out.println("nulls " + nulls + " " + names[3]);
        Item[] items = { new Item(1), new Item(2), null };
        items[2] = items[0];
        items[2].v = 10;
        System.out.println(items[0].v + " " + items[1].v + " " + (items[0] == items[2]));
        int[] empty = {};
        int[] empty2 = new int[0];
        System.out.println(empty.length + " " + empty2.length);
        long[] longs = { 1, 2, 'c', (byte) 4 };
        double[] doubles = { 1, 2.5f, 'a', 3L };
        float[] floats = { 1, 'b', 2L };
        System.out.println(longs[2] + " " + doubles[2] + " " + doubles[3] + " " + floats[1] + " " + floats[2]);
        char[] word = { 'j', 'a', 'v', 'a' };
        System.out.println(word.length + new String(word));
        int n = 5;
        double[] grid = new double[n * 2];
        grid[n * 2 - 1] = 1.5;
        System.out.println(grid.length + " " + grid[9]);
        Object o = new int[3];
        System.out.println(o instanceof int[]);
        int[] arr2 = (int[]) o;
        System.out.println(arr2.length);
        Object[] objs = new Object[] { "s", new Item(4), new int[2], null };
        System.out.println(objs.length + " " + (objs[0] instanceof String) + " " + (objs[1] instanceof Item) + " " + (objs[2] instanceof int[]) + " " + (objs[3] instanceof Object));
        int total = 0;
        int[] big = new int[100000];
        for (int k = 0; k < big.length; k++)
            big[k] = k;
        for (int k = 0; k < big.length; k += 1000)
            total += big[k];
        System.out.println(total);
        String[] copy = new String[names.length];
        for (int k = 0; k < names.length; k++)
            copy[k] = names[names.length - 1 - k];
        System.out.println(copy[0] + copy[1] + copy[2] + copy[3]);
    }
}

task startup(StartupObject s in initialstate) {
    Arr.run();
    taskexit(s: initialstate := false);
}
