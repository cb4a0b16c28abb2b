// if/else chains, nested ifs, the dangling else, blocks and empty statements.

class IfElse {
    static String classify(int n) {
        if (n < 0) {
            return "negative";
        } else if (n == 0) {
            return "zero";
        } else if (n < 10)
            return "small";
        else if (n < 100) {
            if (n % 2 == 0)
                return "medium-even";
            else
                return "medium-odd";
        }
        return "large";
    }

    static int dangling(int a, int b) {
        int r = 0;
        if (a > 0)
            if (b > 0)
                r = 1;
            else
                r = 2;   // belongs to the inner if
        return r;
    }

    static void run() {
        int[] xs = { -7, 0, 3, 42, 43, 1000 };
        for (int i = 0; i < xs.length; i++) {
            System.out.println(xs[i] + " " + classify(xs[i]));
        }
        System.out.println(dangling(1, 1) + " " + dangling(1, -1) + " " + dangling(-1, 1) + " " + dangling(-1, -1));
        boolean flg = false;
        if (flg = true) {
            System.out.println("assignment in condition");
        }
        if (!flg) ; else System.out.println("empty then-branch");
        int count = 0;
        for (int i = 0; i < 20; i++) {
            if (i % 3 == 0 && i % 5 == 0) count += 100;
            else if (i % 3 == 0) count += 10;
            else if (i % 5 == 0) count += 1;
        }
        System.out.println("count " + count);
        {
            int inner = 5;
            {
                int deeper = inner * 2;
                System.out.println("blocks " + inner + " " + deeper);
            }
        }
    }
}

task startup(StartupObject s in initialstate) {
    IfElse.run();
    taskexit(s: initialstate := false);
}
