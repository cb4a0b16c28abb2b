// Left-to-right evaluation: operands, method arguments, array index before
// the right-hand side, the receiver before the arguments, compound
// assignment reading the left operand before evaluating the right.

class Tracer {
    StringBuilder log = new StringBuilder();

    int v(String name, int value) {
        log.append(name);
        return value;
    }

    Tracer self(String name) {
        log.append(name);
        return this;
    }

    int three(int a, int b, int c) {
        log.append("|");
        return a * 100 + b * 10 + c;
    }

    String take() {
        String s = log.toString();
        log = new StringBuilder();
        return s;
    }
}

class Order {
    static void run() {
        Tracer t = new Tracer();
        int r = t.v("a", 1) + t.v("b", 2) * t.v("c", 3);
        System.out.println(r + " " + t.take());
        r = t.three(t.v("x", 1), t.v("y", 2), t.v("z", 3));
        System.out.println(r + " " + t.take());
        r = t.self("R").three(t.v("1", 4), t.v("2", 5), t.v("3", 6));
        System.out.println(r + " " + t.take());
        int[] arr = new int[4];
        arr[t.v("i", 1)] = t.v("v", 9);
        System.out.println(arr[1] + " " + t.take());
        int[] a2 = { 5, 5, 5 };
        int j = 0;
        a2[j] = j = 2;
        System.out.println(a2[0] + " " + a2[2] + " " + j);
        int x = 10;
        x += x++ + ++x;      // 10 + (10 + 12)
        System.out.println(x);
        int y = 3;
        y = y * (y = 5) + y;   // 3 * 5 + 5
        System.out.println(y);
        boolean b = t.v("p", 0) > 0 && t.v("q", 1) > 0;
        System.out.println(b + " " + t.take());
        String s = t.v("s1", 1) + "-" + t.v("s2", 2) + "-" + t.v("s3", 3);
        System.out.println(s + " " + t.take());
        int z = t.v("c1", 1) > 0 ? t.v("then", 7) : t.v("else", 8);
        System.out.println(z + " " + t.take());
        int[][] grid = new int[3][3];
        grid[t.v("r", 2)][t.v("c", 1)] += t.v("rhs", 4);
        System.out.println(grid[2][1] + " " + t.take());
        int q = 1;
        int w = q++ * 10 + q++ * 100 + q;
        System.out.println(w + " " + q);
    }
}

task startup(StartupObject s in initialstate) {
    Order.run();
    taskexit(s: initialstate := false);
}
