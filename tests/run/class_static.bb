// static methods (called with and without the class name, from instance
// methods), static final constants of every primitive type and String,
// constant expressions in them, constants from another class.

class Config {
    static final int SIZE = 4 * 8;
    static final long BIG = 1L << 40;
    static final double RATIO = 1.0 / 8;
    static final float HALF = 0.5f;
    static final boolean DEBUG = SIZE > 10 && false;
    static final char SEP = ':';
    static final byte SMALL = 100;
    static final short MED = (short) 40000;
    static final String NAME = "cfg" + SIZE;
    static final String GREETING = "hello, " + NAME + SEP;
    static final int MASK = ~0 >>> 28;
    static final int WRAP = Integer.MAX_VALUE + 1;

    static int twice(int x) {
        return x * 2;
    }
}

class Calc {
    private static final int OFFSET = Config.SIZE / 2;

    int base;

    Calc(int base) {
        this.base = base;
    }

    static int add(int a, int b) {
        return a + b;
    }

    static int fact(int n) {
        return n <= 1 ? 1 : n * fact(n - 1);
    }

    int compute() {
        return add(base, OFFSET) + Config.twice(base) + Calc.fact(5);
    }

    static void run() {
        System.out.println(Config.SIZE + " " + Config.BIG + " " + Config.RATIO + " " + Config.HALF + " " + Config.DEBUG + " " + Config.SEP + " " + Config.SMALL + " " + Config.MED);
        System.out.println(Config.NAME + " " + Config.GREETING + " " + Config.MASK + " " + Config.WRAP);
        System.out.println(new Calc(3).compute() + " " + add(1, 2) + " " + Calc.fact(10) + " " + OFFSET);
        int[] arr = new int[Config.SIZE];
        System.out.println(arr.length);
        switch (17) {
            case Config.SIZE / 2 + 1:
                System.out.println("matched constant case");
                break;
            default:
                System.out.println("no");
        }
        System.out.println(Integer.MAX_VALUE + " " + Double.MAX_VALUE + " " + Math.PI + " " + Character.MAX_RADIX);
        System.out.println(Config.NAME == "cfg32");
    }
}

task startup(StartupObject s in initialstate) {
    Calc.run();
    taskexit(s: initialstate := false);
}
