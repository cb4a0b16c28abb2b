// Series.java — Java version of the Series benchmark (Java Grande Forum,
// section 2), the same algorithm and output as series.bb and series.c. Used
// to cross-check the Bamboo program's Double.toString text.
//
// Usage: javac -d OUT Series.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT Series N
//
// With N threads the coefficients are computed on the threads, one equal
// range each (series.c's OpenMP schedule); the sum follows in index order.
//
// Note: Java's Math.pow/sin/cos may differ from C's libm in the last bit, so
// the printed digits can differ from series.c / series.bb in the last one or
// two places (all within JGF's 1e-12 tolerance); compare.py --java compares
// Java's output numerically for that reason.
public class Series {

    static double thefunction(double x, double omegan, int select) {
        switch (select) {
            case 0: return Math.pow(x + 1.0, x);
            case 1: return Math.pow(x + 1.0, x) * Math.cos(omegan * x);
            case 2: return Math.pow(x + 1.0, x) * Math.sin(omegan * x);
        }
        return 0.0;
    }

    static double trapezoidIntegrate(double x0, double x1, int nsteps, double omegan, int select) {
        double x = x0;
        double dx = (x1 - x0) / (double) nsteps;
        double rvalue = thefunction(x0, omegan, select) / 2.0;
        if (nsteps != 1) {
            --nsteps;               // JGF: 999*dx is never visited
            while (--nsteps > 0) {
                x += dx;
                rvalue += thefunction(x, omegan, select);
            }
        }
        rvalue += thefunction(x1, omegan, select) / 2.0;
        rvalue *= dx;
        return rvalue;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        double[] a = new double[n];
        double[] b = new double[n];
        double omega = 3.1415926535897932;
        a[0] = trapezoidIntegrate(0.0, 2.0, 1000, 0.0, 0) / 2.0;
        b[0] = 0.0;
        Bench.parallelFor(1, n, 0, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                a[i] = trapezoidIntegrate(0.0, 2.0, 1000, omega * (double) i, 1);
                b[i] = trapezoidIntegrate(0.0, 2.0, 1000, omega * (double) i, 2);
            }
            return 0;
        });

        double[][] ref = {
            { 2.8729524964837996, 0.0 },
            { 1.1161046676147888, -1.8819691893398025 },
            { 0.34429060398168704, -1.1645642623320958 },
            { 0.15238898702519288, -0.8143461113044298 },
        };
        System.out.println("Series: N=" + n);
        boolean valid = true;
        for (int i = 0; i < 4; i++) {
            System.out.println("a[" + i + "] = " + Bench.text(a[i]) + ", b[" + i + "] = " + Bench.text(b[i]));
            if (Math.abs(a[i] - ref[i][0]) > 1.0e-12 || Math.abs(b[i] - ref[i][1]) > 1.0e-12) {
                valid = false;
            }
        }
        double sum = 0.0;
        for (int i = 0; i < n; i++) {
            sum += a[i];
            sum += b[i];
        }
        System.out.println("sum = " + Bench.text(sum));
        System.out.println(valid ? "VALID" : "INVALID");
    }
}
