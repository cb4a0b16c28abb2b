// Classic for loops (several init and update expressions, empty parts) and
// for-each over arrays of primitives, strings and objects.

class Point {
    int x;
    int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

task startup(StartupObject s in initialstate) {
    int total = 0;
    for (int i = 0; i < 10; i++)
        total += i;
    System.out.println("sum 0..9 = " + total);

    for (int i = 0, j = 10; i < j; i++, j--)
        System.out.println(i + " " + j);

    int n = 0;
    for (; n < 5; )
        n += 2;
    System.out.println("n = " + n);

    int m;
    for (m = 100; m > 1; m = m / 3) {
    }
    System.out.println("m = " + m);

    double[] values = { 1.5, 2.5, 3.0 };
    double sum = 0;
    for (double v : values)
        sum += v;
    System.out.println("sum = " + sum);

    String[] names = { "ada", "grace", "barbara" };
    for (String name : names) {
        System.out.println(name + " has " + name.length() + " letters");
    }

    Point[] pts = new Point[3];
    for (int i = 0; i < pts.length; i++)
        pts[i] = new Point(i, i * i);
    int ys = 0;
    for (final Point p : pts)
        ys += p.y;
    System.out.println("ys = " + ys);

    int[][] grid = { { 1, 2 }, { 3, 4, 5 } };
    int cells = 0;
    for (int[] row : grid)
        for (int c : row)
            cells += c;
    System.out.println("cells = " + cells);

    char[] letters = "loop".toCharArray();
    for (char c : letters)
        System.out.print(c);
    System.out.println();

    long big = 0;
    for (long q = 1; q <= 1000000000000L; q *= 10)
        big += q;
    System.out.println("big = " + big);
    taskexit(s: initialstate := false);
}
