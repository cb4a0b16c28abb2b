// Arithmetic, comparison, logical and conditional operators with Java's
// precedence, including integer division and remainder of negative numbers,
// ++/-- in prefix and postfix position, and unary plus and minus.

class Ops {
    static boolean side(boolean v, int[] counter) {
        counter[0]++;
        return v;
    }
}

task startup(StartupObject s in initialstate) {
    int a = 17, b = 5;
    System.out.println(a + b);
    System.out.println(a - b);
    System.out.println(a * b);
    System.out.println(a / b);
    System.out.println(a % b);
    System.out.println(-a / b);
    System.out.println(-a % b);
    System.out.println(a % -b);
    System.out.println(2 + 3 * 4 - 6 / 2);
    System.out.println((2 + 3) * (4 - 6) / 2);
    System.out.println(+a + -b);
    System.out.println(- -a);

    System.out.println(a < b);
    System.out.println(a <= 17);
    System.out.println(a > b && b > 0);
    System.out.println(a >= 18 || b == 5);
    System.out.println(a != b);
    System.out.println(!(a == b));

    int[] counter = new int[1];
    boolean r = Ops.side(false, counter) && Ops.side(true, counter);
    boolean t = Ops.side(true, counter) || Ops.side(false, counter);
    System.out.println(r + " " + t + " " + counter[0]);
    boolean strict = Ops.side(false, counter) & Ops.side(true, counter);
    boolean strictOr = Ops.side(true, counter) | Ops.side(false, counter);
    boolean x = true ^ false;
    System.out.println(strict + " " + strictOr + " " + x + " " + counter[0]);

    int i = 5;
    int j = i++ + ++i;
    System.out.println(i + " " + j);
    int k = i-- - --i;
    System.out.println(i + " " + k);

    int max = a > b ? a : b;
    String sign = max > 10 ? "big" : max > 0 ? "small" : "none";
    System.out.println(max + " " + sign);
    double mixed = true ? 1 : 2.5;
    System.out.println(mixed);

    double dd = 7.0 / 2;
    double dm = 7.5 % 2;
    float ff = 1.0f / 3.0f;
    System.out.println(dd + " " + dm + " " + (ff > 0.33f));
    System.out.println(1.0 / 0.0);
    System.out.println(-1.0 / 0.0);
    System.out.println(0.0 / 0.0 != 0.0 / 0.0);
    taskexit(s: initialstate := false);
}
