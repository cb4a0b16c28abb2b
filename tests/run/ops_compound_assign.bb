// Every compound assignment operator on every primitive type, with the
// implicit narrowing cast back to the variable's type (byte b += 300,
// int i *= 2.5, char c += 1, long l /= 0.5), and += on Strings.

class Compound {
    static void run() {
        int i = 10;
        i += 5; System.out.print(i + " ");
        i -= 20; System.out.print(i + " ");
        i *= -3; System.out.print(i + " ");
        i /= 4; System.out.print(i + " ");
        i %= 5; System.out.print(i + " ");
        i <<= 10; System.out.print(i + " ");
        i >>= 3; System.out.print(i + " ");
        i >>>= 1; System.out.print(i + " ");
        i &= 0x3F; System.out.print(i + " ");
        i |= 0x100; System.out.print(i + " ");
        i ^= 0x1FF; System.out.println(i);

        int j = 7;
        j *= 2.5;            // (int) (7 * 2.5) = 17
        System.out.print(j + " ");
        j += 0.99;           // (int) 17.99 = 17
        System.out.print(j + " ");
        j -= 1e10;           // saturates
        System.out.print(j + " ");
        j = 100;
        j /= 0.3;
        System.out.println(j);

        long l = 1000;
        l *= 1000000000;
        System.out.print(l + " ");
        l /= 0.5;
        System.out.print(l + " ");
        l += 1.5f;
        System.out.print(l + " ");
        l <<= 62;
        System.out.print(l + " ");
        l >>>= 1;
        System.out.println(l);

        byte b = 10;
        b += 300; System.out.print(b + " ");
        b -= 300; System.out.print(b + " ");
        b *= 13; System.out.print(b + " ");
        b /= -3; System.out.print(b + " ");
        b %= 7; System.out.print(b + " ");
        b += 1.7; System.out.print(b + " ");
        b <<= 6; System.out.print(b + " ");
        b >>= 1; System.out.print(b + " ");
        b >>>= 1; System.out.print(b + " ");
        b |= 0x81; System.out.print(b + " ");
        b &= 0xF7; System.out.print(b + " ");
        b ^= -1; System.out.println(b);

        short s = 1000;
        s *= 100; System.out.print(s + " ");
        s += 70000; System.out.print(s + " ");
        s -= 1.5; System.out.print(s + " ");
        s >>= 2; System.out.println(s);

        char c = 'A';
        c += 1; System.out.print(c);
        c += 32; System.out.print(c);
        c -= 'a' - 'Z'; System.out.print(c);
        c *= 2; System.out.print((int) c);
        c += 65536; System.out.print(" " + (int) c);
        c -= 200; System.out.println(" " + (int) c);

        float f = 1.0f;
        f += 0.1; System.out.print(f + " ");
        f *= 3; System.out.print(f + " ");
        f /= 7; System.out.print(f + " ");
        f -= 1e-3; System.out.print(f + " ");
        f %= 0.1f; System.out.println(f);

        double d = 1.0;
        d += 0.1; System.out.print(d + " ");
        d *= 3; System.out.print(d + " ");
        d /= 7; System.out.print(d + " ");
        d -= 1e-3; System.out.print(d + " ");
        d %= 0.1; System.out.println(d);

        String str = "x";
        str += 1;
        str += 'c';
        str += 2.5;
        str += true;
        str += null;
        str += 1 + 2;
        str += 'a' + 'b';
        System.out.println(str);

        int[] arr = { 1, 2, 3 };
        int k = 0;
        arr[k++] += 10;      // index evaluated once
        arr[k++] *= arr[k];
        System.out.println(arr[0] + " " + arr[1] + " " + arr[2] + " " + k);

        double[] da = { 1.5 };
        da[0] *= 2;
        long[] la = { Long.MAX_VALUE };
        la[0] += 1;
        short[] sa = { 32767 };
        sa[0] += 1;
        System.out.println(da[0] + " " + la[0] + " " + sa[0]);

        int chain = 5;
        int other = 3;
        chain += other += 2;
        System.out.println(chain + " " + other);
        int aa, bb, cc;
        aa = bb = cc = 7;
        System.out.println(aa + bb + cc);
    }
}

task startup(StartupObject s in initialstate) {
    Compound.run();
    taskexit(s: initialstate := false);
}
