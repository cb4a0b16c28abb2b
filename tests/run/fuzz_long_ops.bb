// Differential check of long arithmetic and int/long mixing on values from
// a seeded Random: every operator, shifts by int and long counts, MIN/-1,
// narrowing to int, widening from int, unsigned-style masks.

class LongFuzz {
    static long pick(Random r) {
        int k = r.nextInt(10);
        switch (k) {
            case 0: return Long.MIN_VALUE;
            case 1: return Long.MAX_VALUE;
            case 2: return r.nextInt(7) - 3;
            case 3: return r.nextInt();
            default: return r.nextLong();
        }
    }

    static void run() {
        Random r = new Random(4242);
        long h = 1;
        for (int i = 0; i < 20000; i++) {
            long a = pick(r);
            long b = pick(r);
            int ib = (int) b;
            long[] vals = {
                a + b, a - b, a * b, b != 0 ? a / b : 0, b != 0 ? a % b : 0, a & b, a | b, a ^ b,
                a << b, a >> b, a >>> b, a << ib, a >>> ib, (int) a, (int) (a >>> 32), (short) a, (byte) b, (char) a,
                a + ib, a * ib, ib * 3, (a & 0xFFFFFFFFL) * (b & 0xFFFFL), Long.compare(a, b), a < b ? 1 : 0,
                -a, ~a, Math.abs(a), Math.max(a, b), Math.min(a, ib), Long.signum(a)
            };
            for (int k = 0; k < vals.length; k++)
                h = h * 31 + vals[k];
            if (i % 2500 == 0) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b);
                for (int k = 0; k < vals.length; k++)
                    sb.append(' ').append(vals[k]);
                System.out.println(sb);
            }
        }
        System.out.println("checksum " + h);
    }
}

task startup(StartupObject s in initialstate) {
    LongFuzz.run();
    taskexit(s: initialstate := false);
}
