// return from nested loops and switches, void methods returning early,
// recursion with several return points, conditional expression returns.

class Returns {
    int calls;

    static int firstNegative(int[][] m) {
        for (int i = 0; i < m.length; i++) {
            int j = 0;
            while (j < m[i].length) {
                if (m[i][j] < 0)
                    return i * 10 + j;
                j++;
            }
        }
        return -1;
    }

    void log(StringBuilder sb, int n) {
        calls++;
        if (n <= 0) {
            sb.append("done");
            return;
        }
        sb.append(n).append(' ');
        log(sb, n - 2);
        return;
    }

    static String kind(int c) {
        switch (c) {
            case 0:
                return "zero";
            case 1:
                if (c > 0)
                    return "one";
            default:
                return c > 0 ? "pos" : "neg";
        }
    }

    static int gcd(int a, int b) {
        if (b == 0)
            return a;
        else
            return gcd(b, a % b);
    }

    static boolean isEven(int n) {
        if (n == 0) return true;
        return isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        if (n == 0) return false;
        return isEven(n - 1);
    }

    static void run() {
        int[][] m = { { 1, 2 }, { 3, 4, 5 }, { 6, -7 } };
        System.out.println(firstNegative(m));
        int[][] p = { { 1 } };
        System.out.println(firstNegative(p));
        Returns r = new Returns();
        StringBuilder sb = new StringBuilder();
        r.log(sb, 7);
        System.out.println(sb.toString() + " calls=" + r.calls);
        System.out.println(kind(0) + " " + kind(1) + " " + kind(5) + " " + kind(-3));
        System.out.println(gcd(1071, 462) + " " + gcd(17, 5) + " " + gcd(0, 9));
        System.out.println(isEven(10) + " " + isOdd(7) + " " + isEven(7));
    }
}

task startup(StartupObject s in initialstate) {
    Returns.run();
    taskexit(s: initialstate := false);
}
