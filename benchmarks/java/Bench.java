// Bench.java — what the seven Java versions of the benchmarks share: the
// thread count, a parallel loop over index blocks on java.util.concurrent
// threads, and C's "%f" text for the programs whose C reference prints it.
//
// The thread count is the system property `threads` (java -Dthreads=2 ...),
// so that every version of a benchmark takes the same program arguments;
// 1 (the default) runs every loop in the calling thread, with no executor.
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

final class Bench {
    /** A loop body over the indices lo .. hi-1, returning a partial sum. */
    interface Range {
        long run(int lo, int hi);
    }

    static final int THREADS = Math.max(1, Integer.getInteger("threads", 1));

    // Created on first use, so that a single-threaded run starts no thread.
    private static ExecutorService pool;

    private Bench() {
    }

    private static synchronized ExecutorService pool() {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(THREADS, r -> {
                Thread t = new Thread(r, "bench-worker");
                t.setDaemon(true);   // the program ends when main returns
                return t;
            });
        }
        return pool;
    }

    /**
     * Runs body over lo .. hi-1 in blocks of `grain` indices, which the
     * threads take in turn (OpenMP's schedule(dynamic, grain)); a grain of 0
     * gives each thread one equal block (schedule(static)). Returns the sum
     * of the blocks' results, which integer sums make independent of the
     * order the blocks ran in.
     */
    static long parallelFor(int lo, int hi, int grain, Range body) {
        if (hi <= lo) {
            return 0;
        }
        if (THREADS == 1) {
            return body.run(lo, hi);
        }
        int block = grain > 0 ? grain : (hi - lo + THREADS - 1) / THREADS;
        AtomicInteger next = new AtomicInteger(lo);
        List<Future<Long>> parts = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            parts.add(pool().submit(() -> {
                long sum = 0;
                for (int start = next.getAndAdd(block); start < hi; start = next.getAndAdd(block)) {
                    sum += body.run(start, Math.min(hi, start + block));
                }
                return sum;
            }));
        }
        long total = 0;
        try {
            for (Future<Long> part : parts) {
                total += part.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
        return total;
    }

    /**
     * C's printf("%f") of a float or double: the exact binary value rounded
     * to 6 decimals, ties to even, with the sign kept on a negative value
     * that rounds to zero. Java's own %f rounds the shortest decimal text
     * instead, which differs from C on exact ties.
     */
    static String cFixed6(double value) {
        String text = new BigDecimal(value).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        boolean negative = value < 0 || (value == 0 && 1 / value < 0);
        return negative && !text.startsWith("-") ? "-" + text : text;
    }

    // JDK 19 made Double.toString and Float.toString print the shortest
    // decimal that reads back as the same value; older JDKs sometimes print
    // one digit more, which the C references (imitating JDK 19) do not.
    private static final boolean SHORTEST_TO_STRING = Runtime.version().feature() >= 19;

    /** Double.toString(value) as JDK 19+ prints it. */
    static String text(double value) {
        return SHORTEST_TO_STRING ? Double.toString(value) : shortest(value, false);
    }

    /** Float.toString(value) as JDK 19+ prints it. */
    static String text(float value) {
        return SHORTEST_TO_STRING ? Float.toString(value) : shortest(value, true);
    }

    /**
     * The shortest decimal (two significant digits at least) that reads back
     * as value, in Java's layout: plain for 1e-3 <= |value| < 1e7, else
     * d.dddE<n>; java_double_string in ../series/series.c, in Java.
     */
    private static String shortest(double value, boolean single) {
        if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
            return single ? Float.toString((float) value) : Double.toString(value);
        }
        BigDecimal exact = new BigDecimal(value);
        BigDecimal r = exact;
        for (int prec = 2; prec <= 17; prec++) {
            r = exact.round(new MathContext(prec, RoundingMode.HALF_EVEN));
            String s = r.toString();
            if (single ? Float.parseFloat(s) == (float) value : Double.parseDouble(s) == value) {
                break;
            }
        }
        r = r.stripTrailingZeros();
        String digits = r.unscaledValue().abs().toString();
        int n = digits.length();
        int exp = n - 1 - r.scale();
        StringBuilder out = new StringBuilder(value < 0 ? "-" : "");
        if (exp >= -3 && exp < 7) {
            if (exp >= 0) {
                for (int i = 0; i <= exp; i++) {
                    out.append(i < n ? digits.charAt(i) : '0');
                }
                out.append('.').append(n > exp + 1 ? digits.substring(exp + 1) : "0");
            } else {
                out.append("0.").append("0".repeat(-exp - 1)).append(digits);
            }
        } else {
            out.append(digits.charAt(0)).append('.').append(n > 1 ? digits.substring(1) : "0")
               .append('E').append(exp);
        }
        return out.toString();
    }
}
