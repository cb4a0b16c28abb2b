// Differential check of numeric conversions on random values: double and
// float to int/long/short/byte/char (saturating, NaN to 0), long to
// float/double (rounding), int to float, double to float, and floating
// arithmetic (+ - * / %) in float and double, checked by bit patterns.

class ConvFuzz {
    static double pickD(Random r) {
        switch (r.nextInt(8)) {
            case 0: return Double.longBitsToDouble(r.nextLong());
            case 1: return (r.nextDouble() - 0.5) * 1e20;
            case 2: return (r.nextDouble() - 0.5) * 1e10;
            case 3: return (r.nextDouble() - 0.5) * 70000;
            case 4: return r.nextInt(11) - 5 + 0.5;
            default: return r.nextGaussian() * 1000;
        }
    }

    static void run() {
        Random r = new Random(8);
        long h = 0;
        for (int i = 0; i < 20000; i++) {
            double d = pickD(r);
            double e = pickD(r);
            float f = (float) d;
            float g = (float) e;
            long l = r.nextLong() >> r.nextInt(64);
            int n = r.nextInt() >> r.nextInt(32);
            long[] vs = {
                (int) d, (long) d, (short) d, (byte) d, (char) d, (int) f, (long) f, (char) f,
                Double.doubleToLongBits((double) l), Float.floatToIntBits((float) l), Float.floatToIntBits((float) n),
                Float.floatToIntBits(f), Double.doubleToLongBits(d + e), Double.doubleToLongBits(d - e),
                Double.doubleToLongBits(d * e), Double.doubleToLongBits(d / e), Double.doubleToLongBits(d % e),
                Float.floatToIntBits(f + g), Float.floatToIntBits(f - g), Float.floatToIntBits(f * g),
                Float.floatToIntBits(f / g), Float.floatToIntBits(f % g), Double.doubleToLongBits(f * e),
                Math.round(d), Math.round(f), Double.doubleToLongBits(Math.floor(d)), Double.doubleToLongBits(Math.ceil(e)),
                Double.doubleToLongBits(Math.rint(d)), Double.doubleToLongBits(Math.sqrt(Math.abs(d))),
                Float.floatToIntBits((float) Math.sqrt(Math.abs(f)))
            };
            for (int k = 0; k < vs.length; k++)
                h = h * 1000003L + vs[k];
            if (i % 2000 == 0) {
                StringBuilder sb = new StringBuilder();
                sb.append(d).append(' ').append(e).append(' ').append(l).append(' ').append(n);
                for (int k = 0; k < vs.length; k++)
                    sb.append(' ').append(vs[k]);
                System.out.println(sb);
            }
        }
        System.out.println("checksum " + h);
    }
}

task startup(StartupObject s in initialstate) {
    ConvFuzz.run();
    taskexit(s: initialstate := false);
}
