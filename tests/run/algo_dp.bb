// Dynamic programming with 2-D arrays: longest common subsequence (with
// reconstruction), edit distance, 0/1 knapsack, coin change counting with
// long, longest increasing subsequence.

class DP {
    static String lcs(String a, String b) {
        int[][] t = new int[a.length() + 1][b.length() + 1];
        for (int i = a.length() - 1; i >= 0; i--)
            for (int j = b.length() - 1; j >= 0; j--)
                t[i][j] = a.charAt(i) == b.charAt(j) ? 1 + t[i + 1][j + 1] : Math.max(t[i + 1][j], t[i][j + 1]);
        StringBuilder sb = new StringBuilder();
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            if (a.charAt(i) == b.charAt(j)) {
                sb.append(a.charAt(i));
                i++;
                j++;
            } else if (t[i + 1][j] >= t[i][j + 1])
                i++;
            else
                j++;
        }
        return sb.toString();
    }

    static int edit(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++)
            d[i][0] = i;
        for (int j = 0; j <= b.length(); j++)
            d[0][j] = j;
        for (int i = 1; i <= a.length(); i++)
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + c);
            }
        return d[a.length()][b.length()];
    }

    static int knapsack(int[] w, int[] v, int cap) {
        int[] best = new int[cap + 1];
        for (int i = 0; i < w.length; i++)
            for (int c = cap; c >= w[i]; c--)
                best[c] = Math.max(best[c], best[c - w[i]] + v[i]);
        return best[cap];
    }

    static long coins(int[] cs, int amount) {
        long[] ways = new long[amount + 1];
        ways[0] = 1;
        for (int i = 0; i < cs.length; i++)
            for (int a = cs[i]; a <= amount; a++)
                ways[a] += ways[a - cs[i]];
        return ways[amount];
    }

    static int lis(int[] a) {
        int[] tails = new int[a.length];
        int len = 0;
        for (int i = 0; i < a.length; i++) {
            int lo = 0, hi = len;
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (tails[mid] < a[i])
                    lo = mid + 1;
                else
                    hi = mid;
            }
            tails[lo] = a[i];
            if (lo == len)
                len++;
        }
        return len;
    }

    static void run() {
        System.out.println(lcs("AGGTAB", "GXTXAYB") + " " + lcs("bamboo compiler", "data centric many core") + " [" + lcs("abc", "xyz") + "]");
        System.out.println(edit("kitten", "sitting") + " " + edit("", "abc") + " " + edit("intention", "execution") + " " + edit("same", "same"));
        System.out.println(knapsack(new int[] { 1, 3, 4, 5, 9, 12 }, new int[] { 1, 4, 5, 7, 11, 15 }, 20));
        System.out.println(coins(new int[] { 1, 2, 5, 10, 20, 50, 100, 200 }, 200) + " " + coins(new int[] { 1, 5, 10, 25, 50, 100 }, 10000));
        Random r = new Random(5);
        int[] a = new int[500];
        for (int i = 0; i < a.length; i++)
            a[i] = r.nextInt(1000);
        System.out.println(lis(a) + " " + lis(new int[] { 5, 4, 3 }) + " " + lis(new int[0]));
    }
}

task startup(StartupObject s in initialstate) {
    DP.run();
    taskexit(s: initialstate := false);
}
