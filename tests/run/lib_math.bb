// Math: abs/min/max of every type, sqrt, cbrt, pow, floor, ceil, round,
// rint, hypot, exp, log, log10, trig (printed rounded, since Java allows
// Math's transcendental functions 1 ulp of freedom), PI, E, floorDiv,
// floorMod, signum, toRadians.

class MathTest {
    static double r(double x) {
        return Math.round(x * 1e9) / 1e9;
    }

    static void run() {
        System.out.println(Math.abs(-5) + " " + Math.abs(Integer.MIN_VALUE) + " " + Math.abs(-5L) + " " + Math.abs(-2.5f) + " " + Math.abs(-2.5) + " " + Math.abs(3));
        System.out.println(Math.min(3, -4) + " " + Math.max(3, -4) + " " + Math.min(3L, 4L) + " " + Math.max(1.5f, 2) + " " + Math.min(-0.0, 0.0) + " " + Math.max(2, 2.5));
        System.out.println(Math.sqrt(2) + " " + Math.sqrt(144) + " " + Math.cbrt(27) + " " + Math.cbrt(-8) + " " + Math.pow(2, 10) + " " + Math.pow(2, -1) + " " + Math.pow(-8, 1.0 / 3) + " " + Math.pow(10, 15));
        System.out.println(Math.floor(2.7) + " " + Math.floor(-2.7) + " " + Math.ceil(2.1) + " " + Math.ceil(-2.1) + " " + Math.rint(2.5) + " " + Math.rint(3.5) + " " + Math.rint(-2.5));
        double[] rs = { 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 1e17, -1e17, 4.5e15 + 0.5 };
        for (int i = 0; i < rs.length; i++)
            System.out.print(Math.round(rs[i]) + " ");
        System.out.println();
        float[] rfs = { 0.5f, -0.5f, 2.5f, 1e10f, -1e10f, 0.49999997f };
        for (int i = 0; i < rfs.length; i++)
            System.out.print(Math.round(rfs[i]) + " ");
        System.out.println(Math.round(0.0 / 0.0) + " " + Math.round(1.0 / 0.0) + " " + Math.round(-1.0 / 0.0));
        System.out.println(Math.hypot(3, 4) + " " + Math.hypot(5, 12) + " " + Math.exp(0) + " " + Math.log(1) + " " + Math.log10(1000) + " " + Math.log10(1e-5));
        System.out.println(r(Math.sin(Math.PI / 6)) + " " + r(Math.cos(Math.PI / 3)) + " " + r(Math.tan(Math.PI / 4)) + " " + r(Math.asin(1)) + " " + r(Math.acos(0)) + " " + r(Math.atan(1) * 4) + " " + r(Math.atan2(1, -1)));
        System.out.println(r(Math.exp(1)) + " " + r(Math.log(10)) + " " + r(Math.sinh(1)) + " " + r(Math.cosh(1)) + " " + r(Math.tanh(0.5)) + " " + r(Math.expm1(1e-5) * 1e5) + " " + r(Math.log1p(1e-5) * 1e5));
        System.out.println(Math.PI + " " + Math.E);
        System.out.println(Math.floorDiv(7, 2) + " " + Math.floorDiv(-7, 2) + " " + Math.floorDiv(7, -2) + " " + Math.floorMod(-7, 2) + " " + Math.floorMod(7, -3) + " " + Math.floorMod(-7L, 3L));
        System.out.println(Math.signum(-3.5) + " " + Math.signum(0.0) + " " + Math.signum(2f) + " " + r(Math.toRadians(180)) + " " + r(Math.toDegrees(Math.PI / 2)));
        double sum = 0;
        for (int i = 1; i <= 1000; i++)
            sum += Math.sqrt(i);
        System.out.println(sum);
        System.out.println(Math.sqrtf(2f) + " " + Math.ceilf(1.2f) + " " + Math.floorf(-1.2f) + " " + Math.powf(2f, 3f));
    }
}

task startup(StartupObject s in initialstate) {
    MathTest.run();
    taskexit(s: initialstate := false);
}
