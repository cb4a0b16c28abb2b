// Arbitrary-precision arithmetic on int arrays (base 10^4): factorials,
// powers of two, Fibonacci numbers, printed with zero padding.

class Big {
    int[] d;   // little-endian base-10000 digits
    int n;

    Big(int v) {
        d = new int[8];
        n = 0;
        do {
            d[n++] = v % 10000;
            v /= 10000;
        } while (v > 0);
    }

    void ensure(int size) {
        if (size > d.length) {
            int[] nd = new int[Math.max(size, d.length * 2)];
            System.arraycopy(d, 0, nd, 0, n);
            d = nd;
        }
    }

    void mul(int m) {
        long carry = 0;
        for (int i = 0; i < n; i++) {
            long v = (long) d[i] * m + carry;
            d[i] = (int) (v % 10000);
            carry = v / 10000;
        }
        while (carry > 0) {
            ensure(n + 1);
            d[n++] = (int) (carry % 10000);
            carry /= 10000;
        }
    }

    Big add(Big o) {
        Big r = new Big(0);
        int len = Math.max(n, o.n);
        r.ensure(len + 1);
        int carry = 0;
        for (int i = 0; i < len; i++) {
            int v = carry + (i < n ? d[i] : 0) + (i < o.n ? o.d[i] : 0);
            r.d[i] = v % 10000;
            carry = v / 10000;
        }
        r.n = len;
        if (carry > 0)
            r.d[r.n++] = carry;
        return r;
    }

    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append(d[n - 1]);
        for (int i = n - 2; i >= 0; i--) {
            String part = "" + d[i];
            for (int k = part.length(); k < 4; k++)
                sb.append('0');
            sb.append(part);
        }
        return sb.toString();
    }

    int digitSum() {
        String s = toString();
        int t = 0;
        for (int i = 0; i < s.length(); i++)
            t += s.charAt(i) - '0';
        return t;
    }
}

class BigDemo {
    static void run() {
        Big f = new Big(1);
        for (int i = 2; i <= 100; i++)
            f.mul(i);
        System.out.println("100! = " + f);
        System.out.println("digits " + f.toString().length() + " digit sum " + f.digitSum());
        Big p = new Big(1);
        for (int i = 0; i < 200; i++)
            p.mul(2);
        System.out.println("2^200 = " + p);
        Big a = new Big(0), b = new Big(1);
        for (int i = 0; i < 300; i++) {
            Big c = a.add(b);
            a = b;
            b = c;
        }
        System.out.println("fib(300) = " + a);
        System.out.println(new Big(0) + " " + new Big(10000) + " " + new Big(99990001));
    }
}

task startup(StartupObject s in initialstate) {
    BigDemo.run();
    taskexit(s: initialstate := false);
}
