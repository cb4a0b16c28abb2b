// Operator precedence and associativity as in Java.

class Prec {
    static void run() {
        System.out.println(2 + 3 * 4);
        System.out.println((2 + 3) * 4);
        System.out.println(20 - 5 - 3);
        System.out.println(100 / 10 / 5);
        System.out.println(100 / 10 * 5);
        System.out.println(17 % 5 * 3);
        System.out.println(-3 * -3);
        System.out.println(- -3);
        System.out.println(1 + 2 << 3);
        System.out.println(1 << 3 + 2);
        System.out.println(16 >> 2 >> 1);
        System.out.println(1 < 2 == 3 < 4);
        System.out.println(1 | 2 ^ 3 & 4);
        System.out.println(true || false && false);
        System.out.println(!true || true);
        System.out.println(5 > 3 ? 1 : 0 + 10);
        int a = 2, b = 3, c = 4;
        a += b *= c -= 1;
        System.out.println(a + " " + b + " " + c);
        System.out.println(~1 + 1);
        System.out.println(-~5);
        System.out.println(~-5);
        System.out.println(10 - -2);
        int i = 5;
        System.out.println(-i++ + " " + i);
        System.out.println(1 + 2 + "3" + 4 + 5);
        System.out.println("" + 1 + 2 * 3);
        System.out.println(1 + 2 + "" + (1 + 2));
        System.out.println((double) 1 / 2 + " " + (double) (1 / 2) + " " + (int) 3.9 * 2 + " " + (int) (3.9 * 2));
        System.out.println((7 & 3) == 3 ? "yes" : "no");
        System.out.println(0x10 | 0x01 << 2);
        System.out.println(3 * 4 % 5 + 6 / 4 * 2);
        long l = 1L << 40 >>> 38 | 1;
        System.out.println(l);
        boolean bb = 3 > 2 & 2 > 1 | 1 > 5 ^ true;
        System.out.println(bb);
    }
}

task startup(StartupObject s in initialstate) {
    Prec.run();
    taskexit(s: initialstate := false);
}
