// Sieve of Eratosthenes over a boolean array, prime counting, twin
// primes, trial division with long arithmetic, modular exponentiation,
// Miller-Rabin with fixed bases.

class Primes {
    static boolean[] sieve(int n) {
        boolean[] composite = new boolean[n + 1];
        composite[0] = composite[1] = true;
        for (int i = 2; (long) i * i <= n; i++)
            if (!composite[i])
                for (int j = i * i; j <= n; j += i)
                    composite[j] = true;
        return composite;
    }

    static long powmod(long b, long e, long m) {
        long r = 1;
        b %= m;
        while (e > 0) {
            if ((e & 1) == 1)
                r = mulmod(r, b, m);
            b = mulmod(b, b, m);
            e >>= 1;
        }
        return r;
    }

    static long mulmod(long a, long b, long m) {
        long r = 0;
        a %= m;
        while (b > 0) {
            if ((b & 1) == 1)
                r = (r + a) % m;
            a = (a * 2) % m;
            b >>= 1;
        }
        return r;
    }

    static boolean millerRabin(long n) {
        if (n < 2)
            return false;
        long[] bases = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37 };
        for (int i = 0; i < bases.length; i++) {
            if (n % bases[i] == 0)
                return n == bases[i];
        }
        long d = n - 1;
        int s = 0;
        while (d % 2 == 0) {
            d /= 2;
            s++;
        }
        outer:
        for (int i = 0; i < bases.length; i++) {
            long x = powmod(bases[i], d, n);
            if (x == 1 || x == n - 1)
                continue;
            for (int r = 1; r < s; r++) {
                x = mulmod(x, x, n);
                if (x == n - 1)
                    continue outer;
            }
            return false;
        }
        return true;
    }

    static void run() {
        int n = 200000;
        boolean[] c = sieve(n);
        int count = 0, twins = 0;
        long sum = 0;
        int last = 0;
        for (int i = 2; i <= n; i++) {
            if (!c[i]) {
                count++;
                sum += i;
                if (i - last == 2)
                    twins++;
                last = i;
            }
        }
        System.out.println("primes " + count + " sum " + sum + " twins " + twins + " largest " + last);
        long[] tests = { 1000000007L, 1000000009L, 999999999989L, 1000000000001L, 4294967297L, 2305843009213693951L, 561L };
        for (int i = 0; i < tests.length; i++)
            System.out.println(tests[i] + " " + millerRabin(tests[i]));
        System.out.println(powmod(2, 1000000, 1000000007L) + " " + powmod(3, 123456789, 998244353L));
        StringBuilder sb = new StringBuilder();
        long m = 600851475143L;
        for (long f = 2; f * f <= m; f++) {
            while (m % f == 0) {
                sb.append(f).append(' ');
                m /= f;
            }
        }
        if (m > 1)
            sb.append(m);
        System.out.println(sb);
    }
}

task startup(StartupObject s in initialstate) {
    Primes.run();
    taskexit(s: initialstate := false);
}
