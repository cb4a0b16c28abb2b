// Recursion: Ackermann, Towers of Hanoi (move count and first moves),
// permutations of a char array, N-queens counting, mutual recursion,
// deep recursion (depth 10,000).

class Rec {
    static int ack(int m, int n) {
        if (m == 0)
            return n + 1;
        if (n == 0)
            return ack(m - 1, 1);
        return ack(m - 1, ack(m, n - 1));
    }

    static int hanoi(int n, char from, char to, char via, StringBuilder log) {
        if (n == 0)
            return 0;
        int moves = hanoi(n - 1, from, via, to, log);
        if (log.length() < 40)
            log.append(from).append(to).append(' ');
        moves++;
        return moves + hanoi(n - 1, via, to, from, log);
    }

    static void permute(char[] cs, int k, ArrayList out) {
        if (k == cs.length) {
            out.add(new String(cs));
            return;
        }
        for (int i = k; i < cs.length; i++) {
            char t = cs[k]; cs[k] = cs[i]; cs[i] = t;
            permute(cs, k + 1, out);
            t = cs[k]; cs[k] = cs[i]; cs[i] = t;
        }
    }

    static int queens(int n, int row, int cols, int d1, int d2) {
        if (row == n)
            return 1;
        int count = 0;
        for (int c = 0; c < n; c++) {
            if ((cols & (1 << c)) != 0 || (d1 & (1 << (row + c))) != 0 || (d2 & (1 << (row - c + n))) != 0)
                continue;
            count += queens(n, row + 1, cols | (1 << c), d1 | (1 << (row + c)), d2 | (1 << (row - c + n)));
        }
        return count;
    }

    static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }

    static long fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    static void run() {
        System.out.println(ack(2, 3) + " " + ack(3, 3) + " " + ack(3, 5));
        StringBuilder log = new StringBuilder();
        System.out.println(hanoi(10, 'A', 'C', 'B', log) + " " + log);
        ArrayList perms = new ArrayList();
        permute("abcd".toCharArray(), 0, perms);
        System.out.println(perms.size() + " " + perms);
        for (int n = 4; n <= 8; n++)
            System.out.print(queens(n, 0, 0, 0, 0) + " ");
        System.out.println();
        System.out.println(depth(10000) + " " + fib(25));
    }
}

task startup(StartupObject s in initialstate) {
    Rec.run();
    taskexit(s: initialstate := false);
}
