// && and || short-circuit (side effects skipped), ! and nested ?:,
// conditional expressions as arguments and with mixed operand types.

class Logic {
    int log;

    boolean mark(int bit, boolean v) {
        log = log * 10 + bit;
        return v;
    }

    static String sign(int n) {
        return n > 0 ? "+" : n < 0 ? "-" : "0";
    }

    static void run() {
        Logic l = new Logic();
        boolean[] vs = { false, true };
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                for (int k = 0; k < 2; k++) {
                    l.log = 0;
                    boolean r = l.mark(1, vs[i]) && l.mark(2, vs[j]) || l.mark(3, vs[k]);
                    int first = l.log;
                    l.log = 0;
                    boolean q = l.mark(1, vs[i]) || l.mark(2, vs[j]) && l.mark(3, vs[k]);
                    System.out.println(vs[i] + " " + vs[j] + " " + vs[k] + ": " + r + " " + first + " " + q + " " + l.log);
                }
            }
        }
        System.out.println(sign(5) + sign(-5) + sign(0));
        int[] arr = null;
        if (arr != null && arr.length > 0)
            System.out.println("never");
        else
            System.out.println("null-guarded");
        if (arr == null || arr[0] == 1)
            System.out.println("short-circuit or");
        boolean b = !!true;
        System.out.println(!b + " " + !(3 > 4) + " " + (!false == true));
        int x = 5;
        int y = x > 3 ? x < 10 ? 1 : 2 : 3;
        System.out.println(y);
        long lv = true ? 1 : 2L;
        double dv = false ? 1 : 2.5;
        System.out.println(lv + " " + dv + " " + (true ? 1 : 2.0) + " " + (false ? 'a' : 98) + " " + (true ? 'a' : x));
        Object o = x > 0 ? "str" : null;
        System.out.println(o);
        String s = null;
        System.out.println(s == null ? "was null" : s);
        int count = 0;
        for (int i = 0; i < 10; i++)
            count += (i % 2 == 0) ? i : -i;
        System.out.println(count);
        boolean p = 3 < 4 == true;
        System.out.println(p);
    }
}

task startup(StartupObject s in initialstate) {
    Logic.run();
    taskexit(s: initialstate := false);
}
