// Integer literals in decimal, hex, octal and binary with and without L,
// the extreme values, floating literals with exponents and suffixes.

class Lits {
    static void run() {
        System.out.println(0 + " " + 017 + " " + 0x1F + " " + 0X1f + " " + 0b1011 + " " + 0B11 + " " + 00);
        System.out.println(2147483647 + " " + -2147483648 + " " + 0x7fffffff + " " + 0x80000000 + " " + 0xffffffff + " " + 037777777777);
        System.out.println(9223372036854775807L + " " + -9223372036854775808L + " " + 0x7fffffffffffffffL + " " + 0xffffffffffffffffL + " " + 0777L + " " + 0b1L + " " + 10l);
        System.out.println(0b11111111111111111111111111111111 + " " + 0b1000000000000000000000000000000000000000000000000000000000000000L);
        System.out.println(1e0 + " " + 1E1 + " " + 1.5e-3 + " " + .5 + " " + 5. + " " + 1e+2 + " " + 2.5d + " " + 2.5D + " " + 3f + " " + 3.F + " " + .25f + " " + 1e2f + " " + 7D);
        System.out.println(0x10p0 + " " + 0x1.8p1 + " " + 0x1p-2f + " " + 0xAp3);
        System.out.println(1_000_000 + " " + 0x7fff_ffff + " " + 0b1010_1010 + " " + 1_000L + " " + 3.141_592);
        System.out.println(1.7976931348623157e308 + " " + 4.9e-324 + " " + 3.4028235e38f + " " + 1.4e-45f);
        long l = 0xCAFEBABEL;
        int i = 0xCAFEBABE;
        System.out.println(l + " " + i);
        char c = 0x263A;
        System.out.println((int) c);
        System.out.println('a' + 0 + " " + (char) 98);
    }
}

task startup(StartupObject s in initialstate) {
    Lits.run();
    taskexit(s: initialstate := false);
}
