// Random.nextGaussian with Java's draws whatever comes between the calls:
// a plain Random draws each call's candidates one call ahead (Random.bb), so
// this mixes nextGaussian with other draws at both pair positions, resets
// the seed to the one a pair was drawn from and to another, starts from
// seed 0 (whose scrambled seed is the 48-bit constant itself), and uses
// subclasses that override next: one counting its calls, one with its own
// generator that never touches Random's seed. Expected output from Java 25.

class Counting extends Random {
    int calls;

    Counting(long seed) {
        super(seed);
        calls = 0;
    }

    protected int next(int bits) {
        calls++;
        return super.next(bits);
    }
}

class OwnGenerator extends Random {
    long state;

    OwnGenerator(long state) {
        super(0L);
        this.state = state;
    }

    protected int next(int bits) {
        state = state * 6364136223846793005L + 1442695040888963407L;
        return (int) (state >>> (64 - bits));
    }
}

class Gauss {
    static void run() {
        Random r = new Random(7L);
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            line.append(r.nextGaussian()).append(' ');
            if (i % 3 == 0) {
                line.append(r.nextInt()).append(' ');
            }
            if (i % 5 == 4) {
                line.append(r.nextDouble()).append(' ');
            }
        }
        System.out.println(line.toString());

        Random a = new Random(99L);
        double first = a.nextGaussian();
        a.setSeed(99L);
        System.out.println(first + " " + a.nextGaussian() + " " + a.nextGaussian() + " " + a.nextGaussian());
        a.setSeed(5L);
        System.out.println(a.nextGaussian() + " " + a.nextGaussian() + " " + a.nextGaussian());

        Random zero = new Random(0L);
        System.out.println(zero.nextGaussian() + " " + zero.nextGaussian() + " " + zero.nextLong());

        Counting c = new Counting(42L);
        double g1 = c.nextGaussian();
        int afterOne = c.calls;
        double g2 = c.nextGaussian();
        double g3 = c.nextGaussian();
        System.out.println(g1 + " " + g2 + " " + g3 + " calls " + afterOne + " " + c.calls + " " + c.nextInt());

        OwnGenerator o = new OwnGenerator(3L);
        double h1 = o.nextGaussian();
        double h2 = o.nextGaussian();
        double h3 = o.nextGaussian();
        System.out.println(h1 + " " + h2 + " " + h3 + " " + o.nextInt() + " " + o.state);

        Random m = new Random(2026L);
        double sum = 0.0;
        for (int i = 0; i < 100000; i++) {
            sum += m.nextGaussian();
            if (i % 1000 == 999) {
                m.nextInt(10);
            }
        }
        System.out.println(sum + " " + m.nextLong());
    }
}

task startup(StartupObject s in initialstate) {
    Gauss.run();
    taskexit(s: initialstate := false);
}
