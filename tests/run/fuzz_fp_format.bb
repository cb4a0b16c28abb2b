// Differential check of Double.toString and Float.toString on 3,000
// random bit patterns each (every exponent range, subnormals, NaNs and
// infinities included), plus round trips through parseDouble/parseFloat.

class FmtFuzz {
    static void run() {
        Random r = new Random(2010);
        int roundTripFailures = 0;
        long h = 0;
        for (int i = 0; i < 3000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            String s = Double.toString(d);
            if (!Double.isNaN(d) && Double.parseDouble(s) != d)
                roundTripFailures++;
            h = h * 31 + s.hashCode();
            if (i % 100 == 0)
                System.out.println(s);
        }
        for (int i = 0; i < 3000; i++) {
            float f = Float.intBitsToFloat(r.nextInt());
            String s = Float.toString(f);
            if (!Float.isNaN(f) && Float.parseFloat(s) != f)
                roundTripFailures++;
            h = h * 31 + s.hashCode();
            if (i % 100 == 0)
                System.out.println(s);
        }
        for (int i = 0; i < 2000; i++) {
            double d = r.nextDouble() * Math.pow(10, r.nextInt(30) - 15);
            float f = (float) d;
            String s = d + " " + f;
            h = h * 31 + s.hashCode();
            if (i % 200 == 0)
                System.out.println(s);
        }
        for (int i = 0; i < 1000; i++) {
            int n = r.nextInt(2000000) - 1000000;
            double d = n / 1000.0;
            float f = n / 100.0f;
            String s = d + " " + f + " " + (double) f + " " + (float) d;
            h = h * 31 + s.hashCode();
        }
        System.out.println("checksum " + h + " round-trip failures " + roundTripFailures);
    }
}

task startup(StartupObject s in initialstate) {
    FmtFuzz.run();
    taskexit(s: initialstate := false);
}
