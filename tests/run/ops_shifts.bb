// Shifts: counts masked with & 31 (int) and & 63 (long), >>> on negative
// int and long, shifts of byte/short/char (promoted to int), shift by a
// long count, negative counts.

class Shifts {
    static void run() {
        int one = 1;
        int[] counts = { 0, 1, 31, 32, 33, 63, 64, -1, -31, 100 };
        for (int i = 0; i < counts.length; i++) {
            int n = counts[i];
            System.out.println(n + ": " + (one << n) + " " + (-1 >>> n) + " " + (-256 >> n) + " " + (1L << n) + " " + (-1L >>> n) + " " + (-256L >> n));
        }
        int neg = -17;
        System.out.println((neg >> 2) + " " + (neg >>> 2) + " " + (neg >>> 28) + " " + (neg << 28));
        long lneg = -17L;
        System.out.println((lneg >> 2) + " " + (lneg >>> 2) + " " + (lneg >>> 60) + " " + (lneg << 60));
        byte b = -16;
        System.out.println((b >> 2) + " " + (b >>> 2) + " " + (b >>> 28) + " " + (b << 25));
        short s = -1;
        System.out.println((s >>> 16) + " " + (s >>> 0));
        char c = '\uffff';
        System.out.println((c >> 4) + " " + (c << 16) + " " + (c >>> 1));
        long cnt = 33;
        System.out.println((1 << cnt) + " " + (8 >> 65L));
        int x = 0x12345678;
        x <<= 4;
        System.out.println(Integer.toHexString(x));
        x >>>= 36;
        System.out.println(Integer.toHexString(x));
        long y = 0x123456789ABCDEFL;
        y >>= 68;
        System.out.println(Long.toHexString(y));
        y <<= -4;
        System.out.println(Long.toHexString(y));
        System.out.println(Integer.MIN_VALUE >> 31);
        System.out.println(Integer.MIN_VALUE >>> 31);
        System.out.println(Long.MIN_VALUE >> 63);
        System.out.println(Long.MIN_VALUE >>> 63);
        System.out.println(1 << 2 + 3);
        System.out.println((1 << 2) + 3);
        System.out.println(-8 >> 1 >>> 28);
    }
}

task startup(StartupObject s in initialstate) {
    Shifts.run();
    taskexit(s: initialstate := false);
}
