// long arithmetic: wrapping, / and % truncation, MIN/-1, mixing int and
// long (promotion happens per operation, not per expression).

class LongArith {
    static void run() {
        long max = Long.MAX_VALUE;
        long min = Long.MIN_VALUE;
        System.out.println(max + 1);
        System.out.println(min - 1);
        System.out.println(max * 3);
        System.out.println(min / -1);
        System.out.println(min % -1);
        System.out.println(-min);
        long[] as = { 7L, -7L, 1000000000000L, -999999999999L, 5 };
        long[] bs = { 2L, 2L, -7L, 13L, -10 };
        for (int i = 0; i < as.length; i++) {
            long a = as[i];
            long b = bs[i];
            System.out.println(a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b) + " " + (a / b) + " " + (a % b));
        }
        int big = 2000000000;
        long wrong = big * 2;          // int multiply, then widened
        long right = big * 2L;
        long mixed = big + big + 1L;   // (big + big) overflows first
        long mixed2 = 1L + big + big;
        System.out.println(wrong + " " + right + " " + mixed + " " + mixed2);
        long f = 1;
        for (int i = 1; i <= 25; i++) {
            f *= i;
            if (i >= 19)
                System.out.println(i + "! = " + f);
        }
        long fib1 = 0, fib2 = 1;
        for (int i = 0; i < 100; i++) {
            long t = fib1 + fib2;
            fib1 = fib2;
            fib2 = t;
        }
        System.out.println("fib100 wrapped " + fib1);
        long l = 0x7fffffffL;
        int narrowed = (int) (l + 1);
        System.out.println(narrowed + " " + (int) 0x123456789AL + " " + (short) 0x12345L + " " + (byte) 0x1FFL);
        System.out.println(0xFFFFFFFFL + " " + 0xFFFFFFFF + " " + 0x8000000000000000L);
        long seed = 42;
        for (int i = 0; i < 5; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            System.out.println(seed);
        }
    }
}

task startup(StartupObject s in initialstate) {
    LongArith.run();
    taskexit(s: initialstate := false);
}
