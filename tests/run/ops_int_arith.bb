// int arithmetic: wrapping overflow, truncating / and % with negative
// operands, MIN_VALUE / -1 and % -1, unary minus of MIN_VALUE.

class IntArith {
    static void show(String label, int v) {
        System.out.println(label + " = " + v);
    }

    static void run() {
        int max = Integer.MAX_VALUE;
        int min = Integer.MIN_VALUE;
        show("max+1", max + 1);
        show("min-1", min - 1);
        show("max*2", max * 2);
        show("max*max", max * max);
        show("-min", -min);
        show("min/-1", min / -1);
        show("min%-1", min % -1);
        show("46341*46341", 46341 * 46341);
        int[] as = { 7, -7, 7, -7, 0, 1, -1, 13, -13 };
        int[] bs = { 2, 2, -2, -2, 5, 3, 3, -4, 4 };
        for (int i = 0; i < as.length; i++) {
            int a = as[i];
            int b = bs[i];
            System.out.println(a + " " + b + ": + " + (a + b) + " - " + (a - b) + " * " + (a * b)
                    + " / " + (a / b) + " % " + (a % b));
        }
        int x = 123456789;
        show("x*x", x * x);
        show("x*31+7", x * 31 + 7);
        int h = 0;
        String s = "overflowing hash";
        for (int i = 0; i < s.length(); i++)
            h = 31 * h + s.charAt(i);
        show("hash", h);
        show("-(-5)", -(-5));
        show("+-3", +-3);
        show("unary on char", -'a');
        show("min/2", min / 2);
        show("min%3", min % 3);
        show("max%-7", max % -7);
        int acc = 1;
        for (int i = 0; i < 40; i++)
            acc = acc * 3 + 1;
        show("acc", acc);
    }
}

task startup(StartupObject s in initialstate) {
    IntArith.run();
    taskexit(s: initialstate := false);
}
