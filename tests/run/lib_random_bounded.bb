// The bounded generators java.util.Random inherits from RandomGenerator
// (JDK 17+): nextInt(origin, bound), nextLong(bound), nextLong(origin,
// bound), nextDouble(bound), nextDouble(origin, bound).

class RndB {
    static void run() {
        Random r = new Random(7);
        for (int i = 0; i < 5; i++)
            System.out.print(r.nextInt(-10, 10) + " ");
        System.out.println();
        for (int i = 0; i < 3; i++)
            System.out.print(r.nextInt(Integer.MIN_VALUE, Integer.MAX_VALUE) + " ");
        System.out.println();
        for (int i = 0; i < 3; i++)
            System.out.print(r.nextInt(0, 64) + " ");
        System.out.println();
        for (int i = 0; i < 4; i++)
            System.out.print(r.nextLong(1000000007L) + " ");
        System.out.println();
        for (int i = 0; i < 3; i++)
            System.out.print(r.nextLong(1L << 40) + " ");
        System.out.println();
        for (int i = 0; i < 3; i++)
            System.out.print(r.nextLong(-5L, 5L) + " ");
        System.out.println();
        for (int i = 0; i < 3; i++)
            System.out.print(r.nextDouble(10.0) + " ");
        System.out.println();
        for (int i = 0; i < 3; i++)
            System.out.print(r.nextDouble(-1.0, 1.0) + " ");
        System.out.println();
    }
}

task startup(StartupObject s in initialstate) {
    RndB.run();
    taskexit(s: initialstate := false);
}
