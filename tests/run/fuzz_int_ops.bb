// Differential check of int, short, byte and char arithmetic on values from
// a seeded Random (edge values mixed in): every binary operator, shifts
// with arbitrary counts, compound assignments with narrowing, comparisons;
// printed as checksums plus a sample of individual results.

class IntFuzz {
    static int pick(Random r) {
        int k = r.nextInt(10);
        switch (k) {
            case 0: return Integer.MIN_VALUE;
            case 1: return Integer.MAX_VALUE;
            case 2: return r.nextInt(7) - 3;
            case 3: return -1;
            default: return r.nextInt();
        }
    }

    static void run() {
        Random r = new Random(31337);
        long h = 17;
        int shown = 0;
        for (int i = 0; i < 20000; i++) {
            int a = pick(r);
            int b = pick(r);
            int add = a + b, sub = a - b, mul = a * b;
            int div = b != 0 ? a / b : 0;
            int rem = b != 0 ? a % b : 0;
            int and = a & b, or = a | b, xor = a ^ b;
            int shl = a << b, shr = a >> b, ushr = a >>> b;
            int cmp = (a < b ? 1 : 0) + (a <= b ? 2 : 0) + (a == b ? 4 : 0) + (a != b ? 8 : 0) + (a > b ? 16 : 0) + (a >= b ? 32 : 0);
            short sa = (short) a;
            byte ba = (byte) b;
            char ca = (char) a;
            int mixed = sa * ba + ca - (sa >> 3) + (ca >>> 2) + (ba << 5);
            short cs = (short) a;
            cs += b;
            cs *= 3;
            byte cb = (byte) b;
            cb -= a;
            cb >>= 1;
            char cc = (char) a;
            cc += b;
            cc ^= 0x5555;
            int[] vals = { add, sub, mul, div, rem, and, or, xor, shl, shr, ushr, cmp, mixed, cs, cb, cc, -a, ~b, a++ + ++b, a-- - --b };
            for (int k = 0; k < vals.length; k++)
                h = h * 1000003L + vals[k];
            if (i % 2000 == 0) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b);
                for (int k = 0; k < vals.length; k++)
                    sb.append(' ').append(vals[k]);
                System.out.println(sb);
                shown++;
            }
        }
        System.out.println("checksum " + h + " shown " + shown);
    }
}

task startup(StartupObject s in initialstate) {
    IntFuzz.run();
    taskexit(s: initialstate := false);
}
