// for-each over arrays of primitives, strings, objects and arrays of
// arrays; the loop variable is a copy; modifying it leaves the array alone.

class Point {
    int x;
    int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

class ForEach {
    static void run() {
        int[] nums = { 5, 3, 8, -1 };
        int total = 0;
        for (int v : nums) {
            total += v;
        }
        System.out.println("sum " + total);

        for (int v : nums) {
            v = v * 100;
        }
        System.out.println("unchanged " + nums[0] + " " + nums[3]);

        String[] words = { "alpha", "beta", "gamma" };
        String joined = "";
        for (String w : words)
            joined += w.charAt(0);
        System.out.println("initials " + joined);

        Point[] pts = new Point[3];
        for (int i = 0; i < pts.length; i++)
            pts[i] = new Point(i, i * i);
        for (Point p : pts)
            p.x += 10;   // objects are shared
        for (Point p : pts)
            System.out.print(p.x + "," + p.y + " ");
        System.out.println();

        int[][] grid = { { 1, 2 }, { 3 }, {}, { 4, 5, 6 } };
        int cells = 0;
        for (int[] row : grid) {
            for (int cell : row) {
                cells += cell;
            }
            System.out.print(row.length + " ");
        }
        System.out.println("cells " + cells);

        double[] ds = { 0.5, 0.25, 0.125 };
        double dsum = 0;
        for (final double d : ds)
            dsum += d;
        System.out.println("dsum " + dsum);

        char[] cs = "hello".toCharArray();
        for (char ch : cs)
            System.out.print((char) (ch - 32));
        System.out.println();

        long[] empty = new long[0];
        int iterations = 0;
        for (long e : empty)
            iterations++;
        System.out.println("empty " + iterations);

        boolean[] bs = new boolean[3];
        bs[1] = true;
        for (boolean b : bs)
            System.out.print(b + " ");
        System.out.println();

        int found = -1;
        int idx = 0;
        for (int v : nums) {
            if (v == 8) {
                found = idx;
                break;
            }
            idx++;
        }
        System.out.println("found at " + found);
    }
}

task startup(StartupObject s in initialstate) {
    ForEach.run();
    taskexit(s: initialstate := false);
}
