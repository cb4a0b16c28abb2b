// java.util.Random's exact sequences: nextInt, nextInt(n) (power of two,
// other bounds, a bound that forces rejection), nextLong, nextDouble,
// nextFloat, nextBoolean, nextGaussian, setSeed, nextBytes.

class Rnd {
    static void run() {
        Random r = new Random(42);
        for (int i = 0; i < 5; i++)
            System.out.print(r.nextInt() + " ");
        System.out.println();
        int[] bounds = { 1, 2, 10, 16, 100, 1000, 1 << 30, 1073741825, Integer.MAX_VALUE };
        for (int i = 0; i < bounds.length; i++) {
            System.out.print(bounds[i] + ":");
            for (int j = 0; j < 4; j++)
                System.out.print(" " + r.nextInt(bounds[i]));
            System.out.println();
        }
        Random q = new Random(-1L);
        for (int i = 0; i < 4; i++)
            System.out.print(q.nextLong() + " ");
        System.out.println();
        for (int i = 0; i < 4; i++)
            System.out.print(q.nextDouble() + " ");
        System.out.println();
        for (int i = 0; i < 4; i++)
            System.out.print(q.nextFloat() + " ");
        System.out.println();
        for (int i = 0; i < 10; i++)
            System.out.print(q.nextBoolean() ? "T" : "F");
        System.out.println();
        Random g = new Random(2024);
        for (int i = 0; i < 6; i++)
            System.out.print(g.nextGaussian() + " ");
        System.out.println();
        g.setSeed(2024);
        System.out.println(g.nextGaussian());
        Random z = new Random(0);
        byte[] bytes = new byte[7];
        z.nextBytes(bytes);
        for (int i = 0; i < bytes.length; i++)
            System.out.print(bytes[i] + " ");
        System.out.println();
        Random m = new Random(123456789L);
        int[] hist = new int[6];
        for (int i = 0; i < 6000; i++)
            hist[m.nextInt(6)]++;
        for (int i = 0; i < 6; i++)
            System.out.print(hist[i] + " ");
        System.out.println();
        double sum = 0;
        for (int i = 0; i < 1000; i++)
            sum += m.nextGaussian();
        System.out.println(sum);
        Random big = new Random(Long.MAX_VALUE);
        System.out.println(big.nextInt() + " " + big.nextLong() + " " + big.nextDouble());
    }
}

task startup(StartupObject s in initialstate) {
    Rnd.run();
    taskexit(s: initialstate := false);
}
