// Bitwise and shift operators on int and long, including >>> on negative
// numbers, shift counts that are masked (& 31, & 63), ~, and shifts whose
// left operand is a byte, short or char (promoted to int).

task startup(StartupObject s in initialstate) {
    int a = 0b1100, b = 0b1010;
    System.out.println(a & b);
    System.out.println(a | b);
    System.out.println(a ^ b);
    System.out.println(~a);
    System.out.println(1 << 10);
    System.out.println(-16 >> 2);
    System.out.println(-16 >>> 28);
    System.out.println(1 << 33);
    System.out.println(1L << 33);
    System.out.println(1L << 65);
    System.out.println(-1L >>> 60);
    System.out.println(0xFF & 0x0F | 0x30 ^ 0x03);

    long mask = 0xFFFFFFFFL;
    long big = 0x7FFFFFFFFFFFFFFFL;
    System.out.println((big & mask) + " " + (big >> 32));

    byte by = -8;
    short sh = 1024;
    char ch = 'A';
    int r1 = by >> 1;
    int r2 = by >>> 28;
    int r3 = sh << 2;
    int r4 = ch << 1;
    long r5 = 1 << ch;
    int shiftByLong = 8 >> 2L;
    System.out.println(r1 + " " + r2 + " " + r3 + " " + r4 + " " + r5 + " " + shiftByLong);

    boolean p = true, q = false;
    System.out.println((p & q) + " " + (p | q) + " " + (p ^ q));

    int bits = 0;
    for (int i = 0; i < 8; i += 2)
        bits |= 1 << i;
    System.out.println("bits = " + bits + " hex = " + Integer.toHexString(bits));
    int octal = 017;
    int hex = 0xCAFE;
    int bin = 0B101;
    System.out.println(octal + " " + hex + " " + bin);
    taskexit(s: initialstate := false);
}
