// montecarlo.bb — the MonteCarlo benchmark (Java Grande Forum, section 3)
// in Bamboo: price paths of a stock simulated from the statistics of a
// historical rate file, and the expected return rate re-estimated on each.
//
// Usage: montecarlo HITDATA RUNS [batches]     (batches: default 62)
//
// Structure (data parallelism as in the paper's section 2 example):
//   startup   reads the rate file, estimates the drift and volatility of
//             its log returns, splits the runs 0..RUNS-1 into `batches`
//             contiguous PathBatch task objects (state `simulate`) and
//             allocates the Results object that collects them;
//   simulate  runs one batch's paths (simulate -> submit);
//   merge     copies a submitted batch's rates into Results; when every
//             batch is in, prints the average and sets `finished`.
//
// The algorithm is JGF's, quirks included: the rate file's return path
// starts with a 0.0 that the statistics skip; mean and variance are over
// n-1 values; volatility^2 = variance/dt, rate = mean/dt + volatility^2/2
// with dt = 1/365; run i draws its fluctuations from
// java.util.Random(11*i).nextGaussian(), the path starts at 100 and
// p[t] = p[t-1] * exp(fluct[t]) for t >= 1 (fluct[0] is drawn, not used).
//
// Output (same text as montecarlo.c; the last digits of the rate may
// differ, the validation tolerance is JGF's 1e-12):
//   MonteCarlo: runs=<RUNS>
//   expectedReturnRate = <average over runs, summed in run order>
//   VALID | INVALID            for RUNS = 10000 (JGF A) or 60000 (JGF B)

/** The statistics of a rate path, as JGF's ReturnPath estimates them. */
class PathStats {
    static final double DTIME = 1.0 / 365.0;

    double expectedReturnRate;
    double volatility;

    /** Estimates from the log returns of `prices[0 .. n-1]`; `returns` is scratch space of n values. */
    void estimate(double[] prices, int n, double[] returns) {
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
        expectedReturnRate = mean / DTIME + 0.5 * volatility2;
        volatility = Math.sqrt(volatility2);
    }
}

class PathBatch {
    flag simulate;   // waiting to be simulated
    flag submit;     // rates ready to be merged

    static final int TIME_STEPS = 1000;
    static final double START_VALUE = 100.0;

    int first;       // runs first .. last-1
    int last;
    double expectedReturnRate;   // of the historical data
    double volatility;
    double[] rates;  // the re-estimated expected return rate of each run

    PathBatch(int first, int last, double expectedReturnRate, double volatility) {
        this.first = first;
        this.last = last;
        this.expectedReturnRate = expectedReturnRate;
        this.volatility = volatility;
    }

    void simulate() {
        rates = new double[last - first];
        double[] fluctuations = new double[TIME_STEPS];
        double[] prices = new double[TIME_STEPS];
        double[] returns = new double[TIME_STEPS];
        PathStats stats = new PathStats();
        double dt = PathStats.DTIME;
        double mean = (expectedReturnRate - 0.5 * volatility * volatility) * dt;
        double sd = volatility * Math.sqrt(dt);
        for (int run = first; run < last; run++) {
            Random rnd = new Random((long) run * 11);
            for (int t = 0; t < TIME_STEPS; t++) {
                fluctuations[t] = mean + sd * rnd.nextGaussian();
            }
            prices[0] = START_VALUE;
            for (int t = 1; t < TIME_STEPS; t++) {
                prices[t] = prices[t - 1] * Math.exp(fluctuations[t]);
            }
            stats.estimate(prices, TIME_STEPS, returns);
            rates[run - first] = stats.expectedReturnRate;
        }
    }
}

class Results {
    flag finished;

    int runs;
    int batches;     // how many PathBatch objects there are
    int merged;      // how many have been merged so far
    double[] rates;

    Results(int runs, int batches) {
        this.runs = runs;
        this.batches = batches;
        this.merged = 0;
        this.rates = new double[runs];
    }

    // Copies one batch in; true when every batch has been merged.
    boolean mergeBatch(PathBatch b) {
        for (int i = b.first; i < b.last; i++) {
            rates[i] = b.rates[i - b.first];
        }
        b.rates = null;
        merged++;
        return merged == batches;
    }

    void report() {
        double sum = 0.0;
        for (int i = 0; i < runs; i++) {
            sum += rates[i];
        }
        double average = sum / runs;
        System.out.println("MonteCarlo: runs=" + runs);
        System.out.println("expectedReturnRate = " + average);
        double reference = 0.0;
        boolean known = true;
        if (runs == 10000) {
            reference = -0.0333976656762814;
        } else if (runs == 60000) {
            reference = -0.03215796752868655;
        } else {
            known = false;
        }
        if (known) {
            if (Math.abs(average - reference) <= 1.0e-12) {
                System.out.println("VALID");
            } else {
                System.out.println("INVALID");
            }
        } else {
            System.out.println("no JGF reference for this size");
        }
    }
}

/** Reads the historical rates: CSV lines YYMMDD,open,high,low,close,volume,0; the close is field 4. */
class RateFile {
    static final int DATUM_FIELD = 4;
    static final int MINIMUM_DATE = 19000101;

    static double[] read(String path) {
        String[] lines = Files.readAllLines(path);
        double[] values = new double[lines.length];
        int n = 0;
        for (int i = 0; i < lines.length; i++) {
            String[] field = lines[i].split(",");
            int date = Integer.parseInt("19" + field[0]);
            double value = Double.parseDouble(field[DATUM_FIELD]);
            // JGF skips dates before 1900 and zero values (|v| < 10 * Double.MIN_VALUE).
            if (date > MINIMUM_DATE && Math.abs(value) >= 10.0 * Double.MIN_VALUE) {
                values[n] = value;
                n++;
            }
        }
        double[] accepted = new double[n];
        for (int i = 0; i < n; i++) {
            accepted[i] = values[i];
        }
        return accepted;
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 2) {
        System.out.println("usage: montecarlo HITDATA RUNS [batches]");
        taskexit(s: initialstate := false);
    }
    double[] history = RateFile.read(s.args[0]);
    int runs = Integer.parseInt(s.args[1]);
    int batches = 62;
    if (s.args.length > 2) {
        batches = Integer.parseInt(s.args[2]);
    }
    if (runs < 1 || history.length < 2) {
        System.out.println("need at least one run and two rates");
        taskexit(s: initialstate := false);
    }
    if (batches < 1) {
        batches = 1;
    }
    if (batches > runs) {
        batches = runs;
    }
    PathStats stats = new PathStats();
    stats.estimate(history, history.length, new double[history.length]);
    for (int g = 0; g < batches; g++) {
        int first = (int) ((long) runs * g / batches);
        int last = (int) ((long) runs * (g + 1) / batches);
        PathBatch b = new PathBatch(first, last, stats.expectedReturnRate, stats.volatility) { simulate := true };
    }
    Results r = new Results(runs, batches) { finished := false };
    taskexit(s: initialstate := false);
}

task simulate(PathBatch b in simulate) {
    b.simulate();
    taskexit(b: simulate := false, submit := true);
}

task merge(Results r in !finished, PathBatch b in submit) {
    if (r.mergeBatch(b)) {
        r.report();
        taskexit(r: finished := true; b: submit := false);
    }
    taskexit(b: submit := false);
}
