// KMeans.java — Java version of the KMeans benchmark (STAMP kmeans), the
// algorithm and float arithmetic of kmeans.c (see there), so that it prints
// the same centres, byte for byte.
//
// Usage: javac -d OUT KMeans.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT KMeans FILE MIN MAX THRESHOLD
//
// With one thread (the default) it is kmeans.c in Java. With N threads it
// does what kmeans.c's OpenMP build does: the lines are parsed, the attributes
// z-scored and the points assigned in parallel; the centres are then summed
// in parallel over ranges of attributes, each range in point order, so the
// float sums, and the output, are those of one thread.
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.StringTokenizer;

public class KMeans {
    static final String SEPARATORS = " ,\t";

    /** MT19937 (mt19937ar), as STAMP's lib/random. */
    static final class Mt19937 {
        private final int[] mt = new int[624];
        private int mti;

        Mt19937(int seed) {
            mt[0] = seed;
            for (int i = 1; i < 624; i++) {
                mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
            }
            mti = 624;
        }

        long next() {
            if (mti >= 624) {
                for (int kk = 0; kk < 624; kk++) {
                    int y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7fffffff);
                    mt[kk] = mt[(kk + 397) % 624] ^ (y >>> 1) ^ ((y & 1) != 0 ? 0x9908b0df : 0);
                }
                mti = 0;
            }
            int y = mt[mti++];
            y ^= y >>> 11;
            y ^= (y << 7) & 0x9d2c5680;
            y ^= (y << 15) & 0xefc60000;
            y ^= y >>> 18;
            return y & 0xffffffffL;
        }
    }

    /** The points of FILE, one row of attributes each (the id dropped). */
    static float[][] readPoints(String path) throws IOException {
        List<String> lines = Files.readAllLines(Paths.get(path));
        int d = -1;
        for (String line : lines) {
            d = new StringTokenizer(line, SEPARATORS).countTokens() - 1;
            if (d > 0) {
                break;
            }
        }
        if (d <= 0) {
            throw new IOException(path + ": no points");
        }
        int dims = d;
        float[][] rows = new float[lines.size()][];
        Bench.parallelFor(0, lines.size(), 0, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                StringTokenizer t = new StringTokenizer(lines.get(i), SEPARATORS);
                if (t.countTokens() <= 1) {
                    continue;       // a line with no point
                }
                t.nextToken();      // the id
                float[] row = new float[dims];
                for (int j = 0; j < dims; j++) {
                    row[j] = (float) Double.parseDouble(t.nextToken());
                }
                rows[i] = row;
            }
            return 0;
        });
        int n = 0;
        for (float[] row : rows) {
            if (row != null) {
                rows[n++] = row;
            }
        }
        float[][] points = new float[n][];
        System.arraycopy(rows, 0, points, 0, n);
        return points;
    }

    /** Each attribute minus its mean, over its standard deviation (STAMP's zscoreTransform). */
    static void zscore(float[][] points, int d) {
        int n = points.length;
        Bench.parallelFor(0, d, 1, (lo, hi) -> {
            for (int j = lo; j < hi; j++) {
                float mean = 0.0f;
                for (int i = 0; i < n; i++) {
                    mean += points[i][j];
                }
                mean = mean / n;
                float variance = 0.0f;
                for (int i = 0; i < n; i++) {
                    double diff = points[i][j] - mean;
                    variance += diff * diff;
                }
                variance = variance / n;
                float sd = (float) Math.sqrt((double) variance);
                for (int i = 0; i < n; i++) {
                    points[i][j] = (points[i][j] - mean) / sd;
                }
            }
            return 0;
        });
    }

    static int nearest(float[] point, float[][] centres, int k, int d) {
        int index = -1;
        float best = Float.MAX_VALUE;
        for (int c = 0; c < k; c++) {
            float[] centre = centres[c];
            float dist = 0.0f;
            for (int j = 0; j < d; j++) {
                dist += (point[j] - centre[j]) * (point[j] - centre[j]);
            }
            if (dist / best < 0.99999f) {
                best = dist;
                index = c;
                if (best == 0) {
                    break;
                }
            }
        }
        return index;
    }

    /** One clustering with k centres; returns the centres. */
    static float[][] cluster(float[][] points, int d, int k, float threshold) {
        int n = points.length;
        float[][] centres = new float[k][];
        float[][] sums = new float[k][d];
        int[] counts = new int[k];
        int[] membership = new int[n];
        Mt19937 rng = new Mt19937(7);
        for (int c = 0; c < k; c++) {
            centres[c] = points[(int) (rng.next() % n)].clone();
        }
        java.util.Arrays.fill(membership, -1);
        float delta;
        int loop = 0;
        do {
            if (Bench.THREADS == 1) {
                delta = 0.0f;
                for (int i = 0; i < n; i++) {
                    int index = nearest(points[i], centres, k, d);
                    if (membership[i] != index) {
                        delta += 1.0f;
                    }
                    membership[i] = index;
                    counts[index]++;
                    for (int j = 0; j < d; j++) {
                        sums[index][j] += points[i][j];
                    }
                }
            } else {
                delta = assignInParallel(points, centres, membership, counts, sums, k, d);
            }
            for (int c = 0; c < k; c++) {
                for (int j = 0; j < d; j++) {
                    if (counts[c] > 0) {
                        centres[c][j] = sums[c][j] / counts[c];
                    }
                    sums[c][j] = 0.0f;
                }
                counts[c] = 0;
            }
            delta /= n;
        } while (delta > threshold && loop++ < 500);
        return centres;
    }

    /**
     * The assignment step on all threads: nearest centres by ranges of
     * points, then the sums by ranges of attributes, each in point order.
     * Returns the number of points that changed cluster (as a float: one
     * thread adds 1.0f per change, which is exact up to 2^24).
     */
    static float assignInParallel(float[][] points, float[][] centres, int[] membership,
                                  int[] counts, float[][] sums, int k, int d) {
        int n = points.length;
        long changed = Bench.parallelFor(0, n, 0, (lo, hi) -> {
            long moved = 0;
            for (int i = lo; i < hi; i++) {
                int index = nearest(points[i], centres, k, d);
                if (membership[i] != index) {
                    moved++;
                }
                membership[i] = index;
            }
            return moved;
        });
        for (int i = 0; i < n; i++) {
            counts[membership[i]]++;
        }
        Bench.parallelFor(0, d, 1, (lo, hi) -> {
            for (int i = 0; i < n; i++) {
                float[] sum = sums[membership[i]];
                float[] point = points[i];
                for (int j = lo; j < hi; j++) {
                    sum[j] += point[j];
                }
            }
            return 0;
        });
        return (float) changed;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println("usage: KMeans FILE MIN MAX THRESHOLD");
            System.exit(2);
        }
        float[][] points = readPoints(args[0]);
        int minK = Integer.parseInt(args[1]);
        int maxK = Integer.parseInt(args[2]);
        float threshold = (float) Double.parseDouble(args[3]);
        if (minK < 1 || maxK < minK) {
            System.err.println("need 1 <= MIN <= MAX");
            System.exit(2);
        }
        int d = points[0].length;
        zscore(points, d);
        float[][] centres = null;
        for (int k = minK; k <= maxK; k++) {
            centres = cluster(points, d, k, threshold);
        }
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < maxK; c++) {
            out.append(c).append(' ');
            for (int j = 0; j < d; j++) {
                out.append(Bench.cFixed6(centres[c][j])).append(' ');
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
