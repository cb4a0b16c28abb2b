// Bitwise & | ^ ~ on int and long, the same operators on booleans (both
// operands evaluated, unlike && and ||), masks and sign extension.

class Bits {
    int evaluated;

    boolean t(boolean v) {
        evaluated++;
        return v;
    }

    static void run() {
        int a = 0x0F0F1234;
        int b = 0x00FF00FF;
        System.out.println((a & b) + " " + (a | b) + " " + (a ^ b) + " " + ~a + " " + ~0);
        System.out.println(Integer.toHexString(a & b) + " " + Integer.toHexString(a | b) + " " + Integer.toHexString(a ^ b) + " " + Integer.toHexString(~a));
        long la = 0xF0F0F0F0F0F0F0F0L;
        long lb = 0x0FF00FF00FF00FF0L;
        System.out.println((la & lb) + " " + (la | lb) + " " + (la ^ lb) + " " + ~la);
        int neg = -2;
        long widened = neg;             // sign-extended
        long masked = neg & 0xFFFFFFFFL;
        System.out.println(widened + " " + masked + " " + (widened & masked));
        byte bb = (byte) 0xF0;
        System.out.println((bb & 0xFF) + " " + (bb | 0) + " " + (~bb) + " " + (bb ^ 0x0F));
        Bits o = new Bits();
        boolean r1 = o.t(false) & o.t(true);
        boolean r2 = o.t(true) | o.t(false);
        boolean r3 = o.t(true) ^ o.t(true);
        System.out.println(r1 + " " + r2 + " " + r3 + " evaluated " + o.evaluated);
        o.evaluated = 0;
        boolean r4 = o.t(false) && o.t(true);
        boolean r5 = o.t(true) || o.t(false);
        System.out.println(r4 + " " + r5 + " evaluated " + o.evaluated);
        boolean f = true;
        f &= false;
        boolean g = false;
        g |= true;
        boolean h = true;
        h ^= true;
        System.out.println(f + " " + g + " " + h);
        int x = 0b1011;
        x &= 0b0110;
        x |= 0b10000;
        x ^= 0b11111;
        System.out.println(x);
        char c = 'a';
        c &= 0xDF;   // upper case
        System.out.println(c);
        int popcount = 0;
        int v = 0xDEADBEEF;
        while (v != 0) {
            v &= v - 1;
            popcount++;
        }
        System.out.println("popcount " + popcount);
        System.out.println(5 & 3 | 8 ^ 2);
        System.out.println((5 & 3) == 1);
    }
}

task startup(StartupObject s in initialstate) {
    Bits.run();
    taskexit(s: initialstate := false);
}
