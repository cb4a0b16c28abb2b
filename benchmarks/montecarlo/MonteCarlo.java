// MonteCarlo.java — Java version of the MonteCarlo benchmark (Java Grande
// Forum, section 3), the same algorithm and output as montecarlo.bb and
// montecarlo.c (see montecarlo.bb for the algorithm).
//
// Usage: javac -d OUT MonteCarlo.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT MonteCarlo HITDATA RUNS
//
// With N threads the runs are simulated on the threads, one equal range
// each (montecarlo.c's OpenMP schedule); the average follows in run order.
//
// Java's Math.log/exp may differ from C's libm in the last bit, so the rate's
// last digits can differ from the other versions (JGF's tolerance is 1e-12).
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Random;

public class MonteCarlo {
    static final double DTIME = 1.0 / 365.0;
    static final int TIME_STEPS = 1000;

    // {expectedReturnRate, volatility} of the log returns of prices[0 .. n-1].
    static double[] estimate(double[] prices, int n, double[] returns) {
        returns[0] = 0.0;
        for (int i = 1; i < n; i++) {
            returns[i] = Math.log(prices[i] / prices[i - 1]);
        }
        double mean = 0.0;
        for (int i = 1; i < n; i++) {
            mean += returns[i];
        }
        mean /= (double) (n - 1.0);
        double variance = 0.0;
        for (int i = 1; i < n; i++) {
            variance += (returns[i] - mean) * (returns[i] - mean);
        }
        variance /= (double) (n - 1.0);
        double volatility2 = variance / DTIME;
        return new double[] { mean / DTIME + 0.5 * volatility2, Math.sqrt(volatility2) };
    }

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get(args[0]));
        int runs = Integer.parseInt(args[1]);
        double[] history = new double[lines.size()];
        int n = 0;
        for (String line : lines) {
            String[] field = line.split(",");
            int date = Integer.parseInt("19" + field[0]);
            double value = Double.parseDouble(field[4]);
            if (date > 19000101 && Math.abs(value) >= 10.0 * Double.MIN_VALUE) {
                history[n++] = value;
            }
        }
        double[] stats = estimate(history, n, new double[n]);
        double expectedReturnRate = stats[0];
        double volatility = stats[1];
        double mean = (expectedReturnRate - 0.5 * volatility * volatility) * DTIME;
        double sd = volatility * Math.sqrt(DTIME);
        double[] rates = new double[runs];
        Bench.parallelFor(0, runs, 0, (lo, hi) -> {
            double[] fluctuations = new double[TIME_STEPS];
            double[] prices = new double[TIME_STEPS];
            double[] returns = new double[TIME_STEPS];
            for (int run = lo; run < hi; run++) {
                Random rnd = new Random((long) run * 11);
                for (int t = 0; t < TIME_STEPS; t++) {
                    fluctuations[t] = mean + sd * rnd.nextGaussian();
                }
                prices[0] = 100.0;
                for (int t = 1; t < TIME_STEPS; t++) {
                    prices[t] = prices[t - 1] * Math.exp(fluctuations[t]);
                }
                rates[run] = estimate(prices, TIME_STEPS, returns)[0];
            }
            return 0;
        });
        double sum = 0.0;
        for (int i = 0; i < runs; i++) {
            sum += rates[i];
        }
        double average = sum / runs;
        System.out.println("MonteCarlo: runs=" + runs);
        System.out.println("expectedReturnRate = " + Bench.text(average));
        if (runs == 10000 || runs == 60000) {
            double reference = runs == 10000 ? -0.0333976656762814 : -0.03215796752868655;
            System.out.println(Math.abs(average - reference) <= 1.0e-12 ? "VALID" : "INVALID");
        } else {
            System.out.println("no JGF reference for this size");
        }
    }
}
