// byte and short: promotion to int in arithmetic, narrowing casts that wrap,
// compound assignments that narrow implicitly, ++ that wraps.

class Narrow {
    static void run() {
        byte b = 127;
        b++;
        System.out.println("b++ " + b);
        b = -128;
        b--;
        System.out.println("b-- " + b);
        byte c = 10;
        c += 300;
        System.out.println("c += 300 " + c);
        c *= 100;
        System.out.println("c *= 100 " + c);
        c -= -200;
        System.out.println("c -= -200 " + c);
        c >>= 1;
        System.out.println("c >>= 1 " + c);
        byte d = -1;
        d >>>= 4;     // promoted to int, shifted, narrowed: still -1
        System.out.println("d >>>= 4 " + d);
        short s = 32767;
        s += 1;
        System.out.println("s += 1 " + s);
        s = (short) 40000;
        System.out.println("(short) 40000 " + s);
        short t = -32768;
        t = (short) -t;
        System.out.println("-(-32768) short " + t);
        byte e = 100;
        byte f = 100;
        int sum = e + f;      // int arithmetic
        byte g = (byte) (e + f);
        System.out.println("sum " + sum + " narrowed " + g);
        System.out.println("(byte) 255 " + (byte) 255 + " (byte) 128 " + (byte) 128 + " (byte) -129 " + (byte) -129);
        System.out.println("(short) 65535 " + (short) 65535 + " (char) -1 " + (int) (char) -1);
        byte[] arr = { 1, 2, 3 };
        arr[0] += 200;
        arr[1] <<= 7;
        arr[2] ^= 0xFF;
        System.out.println(arr[0] + " " + arr[1] + " " + arr[2]);
        short sh = 1000;
        sh *= sh;
        System.out.println("sh*=sh " + sh);
        byte q = 7;
        q /= 2;
        byte r = -7;
        r %= 3;
        System.out.println("q " + q + " r " + r);
        final byte K = 10;
        byte fromConst = K + 5;    // constant expression fits: no cast needed
        char ch = 65;
        System.out.println(fromConst + " " + ch);
        long big = 0x1234567890L;
        byte lb = (byte) big;
        short ls = (short) big;
        System.out.println(lb + " " + ls);
        int ib = b & 0xFF;
        System.out.println("unsigned " + ib + " " + (arr[2] & 0xFF));
    }
}

task startup(StartupObject s in initialstate) {
    Narrow.run();
    taskexit(s: initialstate := false);
}
