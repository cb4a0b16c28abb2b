// Conversions: float/double to int/long saturate and map NaN to 0, to
// byte/short/char through int; long to double/float rounding; int to float
// rounding; double to float rounding and overflow to infinity.

class Casts {
    static void run() {
        double[] ds = { 0.0, -0.0, 1.9, -1.9, 2.5, -2.5, 1e10, -1e10, 1e20, -1e20,
                        2147483647.5, -2147483648.7, 0.0 / 0.0, 1.0 / 0.0, -1.0 / 0.0, 9.223372036854776E18, 4.9E-324 };
        for (int i = 0; i < ds.length; i++) {
            double d = ds[i];
            System.out.println(d + " -> " + (int) d + " " + (long) d + " " + (short) d + " " + (byte) d + " " + (int) (char) d + " " + (float) d);
        }
        float[] fs = { 3.99f, -3.99f, 3e9f, -3e9f, 1e19f, -1e19f, 0.0f / 0.0f, 1.0f / 0.0f, 65535.9f, 65536.5f };
        for (int i = 0; i < fs.length; i++) {
            float f = fs[i];
            System.out.println(f + " -> " + (int) f + " " + (long) f + " " + (int) (char) f + " " + (double) f);
        }
        long[] ls = { 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE, 123456789L, -1L, 16777217L };
        for (int i = 0; i < ls.length; i++) {
            long l = ls[i];
            System.out.println(l + " -> " + (double) l + " " + (float) l + " " + (int) l + " back " + (long) (double) l);
        }
        int[] is = { 16777217, 16777219, Integer.MAX_VALUE, Integer.MIN_VALUE, 33554435 };
        for (int i = 0; i < is.length; i++) {
            int n = is[i];
            System.out.println(n + " -> " + (float) n + " " + (double) n + " " + (int) (float) n);
        }
        double big = 1e300;
        float fb = (float) big;
        System.out.println(fb + " " + (float) -big + " " + (float) 1e-50 + " " + (float) -1e-50);
        System.out.println((float) 0.1 + " " + (double) 0.1f + " " + (float) 3.4028235677973366E38 + " " + (float) 3.4028236E38);
        char c = (char) 65.7;
        int fromChar = 'z';
        double dc = 'a';
        System.out.println(c + " " + fromChar + " " + dc);
        long rounded = Math.round(2.5);
        int roundedF = Math.round(2.5f);
        System.out.println(rounded + " " + roundedF + " " + Math.round(-2.5) + " " + Math.round(-2.5f));
        System.out.println((int) 'A' + (int) 1.5e0 + (long) 2.5f);
        System.out.println((byte) 300.0 + " " + (short) 1e6 + " " + (byte) -129.9);
    }
}

task startup(StartupObject s in initialstate) {
    Casts.run();
    taskexit(s: initialstate := false);
}
