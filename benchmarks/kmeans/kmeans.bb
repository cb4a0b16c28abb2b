// kmeans.bb — the KMeans benchmark (STAMP kmeans) in Bamboo: k-means
// clustering of the points of a text file, z-scored per attribute, for k
// from MIN to MAX clusters.
//
// Usage: kmeans FILE MIN MAX THRESHOLD [partitions]   (default 62)
//   FILE: one point a line, an id (ignored) then the attributes.
//
// Structure (data parallelism as in the paper's section 2 example, with
// the iteration STAMP's loop needs):
//   startup     reads and z-scores the points, splits them into
//               `partitions` contiguous Partition task objects (state
//               `idle`) and allocates the Clusters object (state
//               `distributing`) holding the centres;
//   distribute  (Clusters distributing, Partition idle) hands the current
//               centres to a partition (idle -> work); when every partition
//               has them, Clusters waits for results (collecting);
//   assign      finds the nearest centre of each point of one partition
//               (work -> done): the n*k*d part of the work;
//   collect     (Clusters collecting, Partition done) copies a partition's
//               assignment into Clusters (done -> idle); after the last
//               one, Clusters recomputes the centres and either starts the
//               next pass (distributing) or prints the result (finished).
// The centres are recomputed from the whole assignment, summing in point
// order, so the result is STAMP's sequential one, byte for byte, whatever
// the number of partitions and the order they finish in.
//
// STAMP's algorithm and arithmetic (all in float), for each k: seed
// MT19937 with 7 and take the initial centres as points[genrand() % n];
// assign each point to its nearest centre by squared distance, a later
// centre winning only if dist/best < 0.99999 (and a zero distance ending
// the search); recompute the centres as means (an empty cluster keeps its
// centre); repeat while the fraction of points that changed cluster is
// above THRESHOLD, at most 501 passes.
//
// Output (identical to kmeans.c and to the original STAMP program's centre
// lines): the centres of the last k, one line each, its index then each
// value as C's "%f " prints it.

/** MT19937 (Matsumoto and Nishimura's mt19937ar), as STAMP's lib/random. */
class MersenneTwister {
    static final int N = 624;
    static final int M = 397;

    int[] mt;
    int mti;

    MersenneTwister(int seed) {
        mt = new int[N];
        mt[0] = seed;
        for (int i = 1; i < N; i++) {
            mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
        }
        mti = N;
    }

    /** The next 32 random bits, as an unsigned value. */
    long next() {
        int y;
        if (mti >= N) {
            int kk;
            for (kk = 0; kk < N - M; kk++) {
                y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
                mt[kk] = mt[kk + M] ^ (y >>> 1) ^ ((y & 1) * 0x9908b0df);
            }
            for (; kk < N - 1; kk++) {
                y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
                mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ ((y & 1) * 0x9908b0df);
            }
            y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7fffffff);
            mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ ((y & 1) * 0x9908b0df);
            mti = 0;
        }
        y = mt[mti];
        mti++;
        y ^= (y >>> 11);
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= (y >>> 18);
        return y & 0xffffffffL;
    }
}

/** A contiguous range of the points and, once assigned, their nearest centres. */
class Partition {
    flag idle;      // waiting for the centres of the next pass
    flag work;      // has the centres, waiting to be assigned
    flag done;      // assignment ready to be collected

    int first;          // points first .. first + points.length - 1
    float[][] points;   // this partition's own copy of its points
    float[][] centres;
    int[] nearest;      // the nearest centre of each point

    Partition(int first, float[][] points) {
        this.first = first;
        this.points = points;
        this.nearest = new int[points.length];
    }

    void setCentres(float[][] from, int k) {
        if (centres == null || centres.length != k) {
            centres = new float[k][from[0].length];
        }
        for (int c = 0; c < k; c++) {
            float[] src = from[c];
            float[] dst = centres[c];
            for (int j = 0; j < dst.length; j++) {
                dst[j] = src[j];
            }
        }
    }

    static float distance2(float[] a, float[] b) {
        float sum = 0.0f;
        for (int j = 0; j < a.length; j++) {
            sum += (a[j] - b[j]) * (a[j] - b[j]);
        }
        return sum;
    }

    void assign() {
        float[][] cs = centres;
        for (int i = 0; i < points.length; i++) {
            float[] point = points[i];
            int index = -1;
            float best = Float.MAX_VALUE;
            for (int c = 0; c < cs.length; c++) {
                float dist = distance2(point, cs[c]);
                if (dist / best < 0.99999f) {
                    best = dist;
                    index = c;
                    if (best == 0) {
                        break;
                    }
                }
            }
            nearest[i] = index;
        }
    }
}

/** The centres and the clustering state of the current k. */
class Clusters {
    flag distributing;  // handing the centres to the partitions
    flag collecting;    // waiting for the partitions' assignments
    flag finished;

    float[][] points;   // all points, for recomputing the centres
    int dims;
    int k;
    int maxK;
    float threshold;
    int partitions;
    int handedOut;      // partitions that have this pass's centres
    int collected;      // partitions whose assignment is in
    int loop;           // passes of this k after the first
    float delta;        // points that changed cluster in this pass
    float[][] centres;
    int[] membership;
    float[][] sums;
    int[] counts;

    Clusters(float[][] points, int minK, int maxK, float threshold, int partitions) {
        this.points = points;
        this.dims = points[0].length;
        this.maxK = maxK;
        this.threshold = threshold;
        this.partitions = partitions;
        this.membership = new int[points.length];
        startK(minK);
    }

    /** Seeds the initial centres of a clustering with k centres. */
    void startK(int k) {
        this.k = k;
        centres = new float[k][dims];
        sums = new float[k][dims];
        counts = new int[k];
        MersenneTwister rng = new MersenneTwister(7);
        for (int c = 0; c < k; c++) {
            int p = (int) (rng.next() % points.length);
            for (int j = 0; j < dims; j++) {
                centres[c][j] = points[p][j];
            }
        }
        for (int i = 0; i < membership.length; i++) {
            membership[i] = -1;
        }
        loop = 0;
        delta = 0.0f;
    }

    /** Counts one more partition as handed out; true when all are. */
    boolean handOut() {
        handedOut++;
        if (handedOut == partitions) {
            handedOut = 0;
            return true;
        }
        return false;
    }

    /** Takes one partition's assignment in; true when all are in. */
    boolean collect(Partition p) {
        int[] nearest = p.nearest;
        for (int i = 0; i < nearest.length; i++) {
            if (membership[p.first + i] != nearest[i]) {
                delta += 1.0f;
            }
            membership[p.first + i] = nearest[i];
        }
        collected++;
        if (collected == partitions) {
            collected = 0;
            return true;
        }
        return false;
    }

    /**
     * Recomputes the centres after a pass; true if another pass or
     * another k follows, false when the clustering is finished.
     */
    boolean update() {
        for (int i = 0; i < points.length; i++) {
            int index = membership[i];
            float[] point = points[i];
            float[] sum = sums[index];
            counts[index]++;
            for (int j = 0; j < dims; j++) {
                sum[j] += point[j];
            }
        }
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < dims; j++) {
                if (counts[c] > 0) {
                    centres[c][j] = sums[c][j] / counts[c];
                }
                sums[c][j] = 0.0f;
            }
            counts[c] = 0;
        }
        delta /= points.length;
        boolean again = delta > threshold && loop++ < 500;
        delta = 0.0f;
        if (again) {
            return true;
        }
        if (k < maxK) {
            startK(k + 1);
            return true;
        }
        return false;
    }

    void report() {
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < k; c++) {
            out.append(c);
            out.append(' ');
            for (int j = 0; j < dims; j++) {
                appendFixed6(out, centres[c][j]);
                out.append(' ');
            }
            out.append('\n');
        }
        System.out.print(out.toString());
    }

    /**
     * Appends v as C's printf("%f") does: six decimals, the exact value
     * rounded half to even. A float times 10^6 is exact in a double.
     */
    static void appendFixed6(StringBuilder out, float v) {
        double x = (double) v;
        if (x < 0.0 || (x == 0.0 && 1.0 / x < 0.0)) {
            out.append('-');
            x = -x;
        }
        long micros = (long) Math.rint(x * 1000000.0);
        out.append(micros / 1000000);
        out.append('.');
        String frac = Long.toString(micros % 1000000);
        for (int i = frac.length(); i < 6; i++) {
            out.append('0');
        }
        out.append(frac);
    }
}

/** Reads the points: one a line, an id then the attributes. */
class PointFile {
    static float[][] read(String path) {
        String[] lines = Files.readAllLines(path);
        float[][] rows = new float[lines.length][];
        int n = 0;
        int dims = -1;
        for (int i = 0; i < lines.length; i++) {
            String[] tokens = split(lines[i]);
            if (tokens.length < 2) {
                continue;
            }
            if (dims < 0) {
                dims = tokens.length - 1;
            }
            if (tokens.length - 1 < dims) {
                System.out.println(path + ": point " + (n + 1) + " has fewer than " + dims + " attributes");
                return null;
            }
            float[] row = new float[dims];
            for (int j = 0; j < dims; j++) {
                row[j] = (float) Double.parseDouble(tokens[j + 1]);
            }
            rows[n] = row;
            n++;
        }
        float[][] points = new float[n][];
        for (int i = 0; i < n; i++) {
            points[i] = rows[i];
        }
        return points;
    }

    static boolean isSeparator(char c) {
        return c == ' ' || c == '\t' || c == ',';
    }

    /** The tokens of a line separated by spaces, tabs or commas. */
    static String[] split(String line) {
        int n = line.length();
        int count = 0;
        int i = 0;
        while (i < n) {
            while (i < n && isSeparator(line.charAt(i))) {
                i++;
            }
            if (i < n) {
                count++;
            }
            while (i < n && !isSeparator(line.charAt(i))) {
                i++;
            }
        }
        String[] tokens = new String[count];
        int t = 0;
        i = 0;
        while (i < n) {
            while (i < n && isSeparator(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !isSeparator(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                tokens[t] = line.substring(start, i);
                t++;
            }
        }
        return tokens;
    }

    /**
     * Each attribute minus its mean, over its standard deviation (STAMP's
     * zscoreTransform: float sums, the variance over n).
     */
    static void zscore(float[][] points) {
        int n = points.length;
        int dims = points[0].length;
        for (int j = 0; j < dims; j++) {
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
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 4) {
        System.out.println("usage: kmeans FILE MIN MAX THRESHOLD [partitions]");
        taskexit(s: initialstate := false);
    }
    float[][] points = PointFile.read(s.args[0]);
    int minK = Integer.parseInt(s.args[1]);
    int maxK = Integer.parseInt(s.args[2]);
    float threshold = (float) Double.parseDouble(s.args[3]);
    int partitions = 62;
    if (s.args.length > 4) {
        partitions = Integer.parseInt(s.args[4]);
    }
    if (points == null || points.length == 0 || minK < 1 || maxK < minK) {
        System.out.println("need points and 1 <= MIN <= MAX");
        taskexit(s: initialstate := false);
    }
    PointFile.zscore(points);
    int n = points.length;
    if (partitions < 1) {
        partitions = 1;
    }
    if (partitions > n) {
        partitions = n;
    }
    for (int g = 0; g < partitions; g++) {
        int first = (int) ((long) n * g / partitions);
        int last = (int) ((long) n * (g + 1) / partitions);
        float[][] mine = new float[last - first][];
        for (int i = first; i < last; i++) {
            float[] row = new float[points[i].length];
            for (int j = 0; j < row.length; j++) {
                row[j] = points[i][j];
            }
            mine[i - first] = row;
        }
        Partition p = new Partition(first, mine) { idle := true };
    }
    Clusters c = new Clusters(points, minK, maxK, threshold, partitions) { distributing := true };
    taskexit(s: initialstate := false);
}

task distribute(Clusters c in distributing, Partition p in idle) {
    p.setCentres(c.centres, c.k);
    if (c.handOut()) {
        taskexit(c: distributing := false, collecting := true; p: idle := false, work := true);
    }
    taskexit(p: idle := false, work := true);
}

task assign(Partition p in work) {
    p.assign();
    taskexit(p: work := false, done := true);
}

task collect(Clusters c in collecting, Partition p in done) {
    if (c.collect(p)) {
        if (c.update()) {
            taskexit(c: collecting := false, distributing := true; p: done := false, idle := true);
        }
        c.report();
        taskexit(c: collecting := false, finished := true; p: done := false, idle := true);
    }
    taskexit(p: done := false, idle := true);
}
