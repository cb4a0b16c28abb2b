// Random.bb — `Random`: java.util.Random's exact algorithm (a 48-bit linear
// congruential generator, Knuth TAOCP 3.2.1), so that a program seeded the
// same way draws the same numbers as under Java, `nextGaussian` included.
// Bounded draws with an origin follow JDK 17+'s RandomSupport.
//
// Natives used (declared elsewhere, see NATIVES.md): System.nanoTime (for the
// unseeded constructor only), StrictMath.sqrt and StrictMath.log (for
// nextGaussian, which must match Java bit for bit).

public class Random {

    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;
    // 2^-53 and 2^-24, exactly.
    private static final double DOUBLE_UNIT = 1.0 / (1L << 53);
    private static final float FLOAT_UNIT = 1.0f / (1 << 24);

    private long seed;
    private double nextNextGaussian;
    private boolean haveNextNextGaussian;

    // nextGaussian's polar-method candidates for its next call, drawn one
    // call ahead (see nextGaussian): the accepted (v1, v2, s) that a draw
    // starting from seed `aheadFrom` gives, and the seed `aheadTo` after it.
    // aheadFrom is -1, never a 48-bit seed, until a pair has been drawn.
    private long aheadFrom;
    private long aheadTo;
    private double aheadV1;
    private double aheadV2;
    private double aheadS;
    // Whether nextGaussian may draw ahead: 0 not yet known, 1 yes (a plain
    // Random, whose draws depend on the seed alone), 2 no (a subclass, which
    // may override next or nextDouble: its draws happen when Java makes them).
    private int drawsAhead;

    /**
     * A generator seeded from the clock. Java mixes in a process-wide
     * "seed uniquifier"; Bamboo has no mutable global state, so this mixes
     * System.nanoTime() with Java's first uniquifier value instead. Programs
     * that need reproducible runs pass a seed.
     */
    public Random() {
        this((8682522807148012L * 1181783497276652981L) ^ System.nanoTime());
    }

    public Random(long seed) {
        this.seed = (seed ^ MULTIPLIER) & MASK;
        this.haveNextNextGaussian = false;
        this.aheadFrom = -1L;
    }

    public void setSeed(long seed) {
        this.seed = (seed ^ MULTIPLIER) & MASK;
        haveNextNextGaussian = false;
    }

    /** The next `bits` pseudorandom bits (1 <= bits <= 32), as an int. */
    protected int next(int bits) {
        seed = (seed * MULTIPLIER + ADDEND) & MASK;
        return (int) (seed >>> (48 - bits));
    }

    public void nextBytes(byte[] bytes) {
        int len = bytes.length;
        int i = 0;
        while (i < len) {
            int rnd = nextInt();
            int n = len - i;
            if (n > 4) {
                n = 4;
            }
            while (n > 0) {
                n--;
                bytes[i] = (byte) rnd;
                i++;
                rnd >>= 8;
            }
        }
    }

    public int nextInt() {
        return next(32);
    }

    /** Uniform in [0, bound); bound must be positive. */
    public int nextInt(int bound) {
        if (bound <= 0) {
            BambooRuntime.error("IllegalArgumentException", "bound must be positive");
        }
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            // bound is a power of 2
            r = (int) ((bound * (long) r) >> 31);
        } else {
            // reject over-represented candidates
            int u = r;
            r = u % bound;
            while (u - r + m < 0) {
                u = next(31);
                r = u % bound;
            }
        }
        return r;
    }

    /** Uniform in [origin, bound); origin must be less than bound. */
    public int nextInt(int origin, int bound) {
        if (origin >= bound) {
            BambooRuntime.error("IllegalArgumentException", "bound must be greater than origin");
        }
        int r = nextInt();
        int n = bound - origin;
        int m = n - 1;
        if ((n & m) == 0) {
            r = (r & m) + origin;
        } else if (n > 0) {
            int u = r >>> 1;
            r = u % n;
            while (u + m - r < 0) {
                u = nextInt() >>> 1;
                r = u % n;
            }
            r += origin;
        } else {
            while (r < origin || r >= bound) {
                r = nextInt();
            }
        }
        return r;
    }

    public long nextLong() {
        return ((long) (next(32)) << 32) + next(32);
    }

    /** Uniform in [0, bound); bound must be positive. */
    public long nextLong(long bound) {
        if (bound <= 0) {
            BambooRuntime.error("IllegalArgumentException", "bound must be positive");
        }
        long m = bound - 1;
        long r = nextLong();
        if ((bound & m) == 0L) {
            r &= m;
        } else {
            long u = r >>> 1;
            r = u % bound;
            while (u + m - r < 0L) {
                u = nextLong() >>> 1;
                r = u % bound;
            }
        }
        return r;
    }

    /** Uniform in [origin, bound); origin must be less than bound. */
    public long nextLong(long origin, long bound) {
        if (origin >= bound) {
            BambooRuntime.error("IllegalArgumentException", "bound must be greater than origin");
        }
        long r = nextLong();
        long n = bound - origin;
        long m = n - 1;
        if ((n & m) == 0L) {
            r = (r & m) + origin;
        } else if (n > 0L) {
            long u = r >>> 1;
            r = u % n;
            while (u + m - r < 0L) {
                u = nextLong() >>> 1;
                r = u % n;
            }
            r += origin;
        } else {
            while (r < origin || r >= bound) {
                r = nextLong();
            }
        }
        return r;
    }

    public boolean nextBoolean() {
        return next(1) != 0;
    }

    /** Uniform in [0, 1): 24 random bits times 2^-24. */
    public float nextFloat() {
        return next(24) * FLOAT_UNIT;
    }

    /** Uniform in [0, 1): 53 random bits times 2^-53. */
    public double nextDouble() {
        return (((long) (next(26)) << 27) + next(27)) * DOUBLE_UNIT;
    }

    /** Uniform in [0, bound); bound must be positive and finite. */
    public double nextDouble(double bound) {
        if (!(bound > 0.0 && bound < Double.POSITIVE_INFINITY)) {
            BambooRuntime.error("IllegalArgumentException", "bound must be finite and positive");
        }
        double r = nextDouble();
        r = r * bound;
        if (r >= bound) {
            r = Math.nextDown(bound);
        }
        return r;
    }

    /** Uniform in [origin, bound); origin < bound, both finite. */
    public double nextDouble(double origin, double bound) {
        if (!(origin < bound && (bound - origin) < Double.POSITIVE_INFINITY)) {
            BambooRuntime.error("IllegalArgumentException", "bound must be greater than origin");
        }
        double r = nextDouble();
        r = r * (bound - origin) + origin;
        if (r >= bound) {
            r = Math.nextDown(bound);
        }
        return r;
    }

    /**
     * Standard normal, by the polar method (Knuth TAOCP 3.4.1 Algorithm C),
     * with Java's draws and bits. A plain Random draws each call's candidate
     * pair during the call before (a pure function of the seed, so the pair
     * is used only if the seed is still the one it was drawn from): the
     * generator's multiplication chain then runs while the previous pair's
     * StrictMath.log is computed, instead of in front of the next one.
     */
    public double nextGaussian() {
        if (haveNextNextGaussian) {
            haveNextNextGaussian = false;
            return nextNextGaussian;
        }
        boolean ahead = mayDrawAhead();
        boolean ready = ahead && aheadFrom == seed;   // this call's pair was drawn ahead
        double v1 = 0.0;
        double v2 = 0.0;
        double s = 0.0;
        // One draw site (so that the compiler inlines it): this call's pair
        // if it is not ready, then, for a plain Random, the next call's.
        for (;;) {
            if (ready) {
                v1 = aheadV1;
                v2 = aheadV2;
                s = aheadS;
                seed = aheadTo;
                if (!ahead) {
                    break;
                }
            }
            drawGaussianPair();
            if (ready) {
                break;
            }
            ready = true;
        }
        return gaussianPair(v1, v2, s);
    }

    /** Java's transformation of a candidate pair: returns one normal, keeps the other. */
    private double gaussianPair(double v1, double v2, double s) {
        double multiplier = StrictMath.sqrt(-2 * StrictMath.log(s) / s);
        nextNextGaussian = v2 * multiplier;
        haveNextNextGaussian = true;
        return v1 * multiplier;
    }

    /** Whether nextGaussian may draw ahead: decided on its first call, by the dynamic class. */
    private boolean mayDrawAhead() {
        if (drawsAhead == 0) {
            drawsAhead = BambooRuntime.className(this).equals("Random") ? 1 : 2;
        }
        return drawsAhead == 1;
    }

    /**
     * Java's candidate loop from the current seed: v1, v2 uniform in (-1, 1)
     * until 0 < s = v1^2 + v2^2 < 1. Leaves the pair in the ahead fields and
     * the seed as it was.
     */
    private void drawGaussianPair() {
        long start = seed;
        double v1;
        double v2;
        double s;
        do {
            v1 = 2 * nextDouble() - 1;
            v2 = 2 * nextDouble() - 1;
            s = v1 * v1 + v2 * v2;
        } while (s >= 1 || s == 0);
        aheadFrom = start;
        aheadTo = seed;
        aheadV1 = v1;
        aheadV2 = v2;
        aheadS = s;
        seed = start;
    }
}
