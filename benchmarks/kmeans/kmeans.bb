// kmeans.bb — the KMeans benchmark (STAMP kmeans) in Bamboo: k-means
// clustering of the points of a text file, z-scored per attribute, for k
// from MIN to MAX clusters.
//
// Usage: kmeans FILE MIN MAX THRESHOLD [partitions [bands]]
//   FILE: one point a line, an id (ignored) then the attributes;
//   partitions: Partition objects, each a share of the points (default 62);
//   bands: Band objects, each a range of the attributes (default 8, at
//   most the number of attributes).
//
// Structure (data parallelism as in the paper's section 2 example, with
// the iteration STAMP's loop needs):
//   startup     takes the file's size, reads its head to find the number
//               of attributes on its first point line, makes `partitions`
//               Partition task objects (state `parse`), partition g for
//               the bytes near [g*size/partitions, (g+1)*size/partitions),
//               `bands` Band objects (state `unseeded`), band b for the
//               attributes [b*dims/bands, (b+1)*dims/bands), and the
//               Clusters object (state `gathering`);
//   parse       reads one partition's lines from the file itself
//               (Files.readBytes) and parses them into its points, one
//               flat array, and each band's columns of them, a slice a
//               band (parse -> parsed): the reading and parsing run in
//               parallel, and the partitions share nothing, so their
//               locks stay apart;
//   gather      (Clusters gathering, Partition parsed) copies a partition's
//               band slices into Clusters (parsed -> idle); after the
//               last one, Clusters numbers the points in file order,
//               draws the points that seed the centres (sizing) and
//               makes the Collector object (state `fresh`);
//   size        (Clusters sizing, Band unseeded) tells a band the number
//               of points (unseeded -> sized); after the last band,
//               Clusters hands out the columns (seeding);
//   allocate    makes the band's arrays for the points (sized -> empty):
//               the bands in parallel, each on its own core, so that
//               Clusters' core only copies in `seed`;
//   open        makes the Collector's arrays (fresh -> collecting), in
//               parallel with the bands' steps;
//   seed        (Clusters seeding, Band empty) copies a band's slices
//               of every partition, and the seed points' numbers, into it
//               (empty -> unscaled); after the last band, Clusters
//               drops the slices and waits for the moments (scaling);
//   scale       takes the band's columns' means and standard deviations
//               (STAMP's sums, in point order), z-scores its columns and
//               keeps its columns of the seeds (unscaled -> scaled): the
//               bands in parallel;
//   moments     (Clusters scaling, Band scaled) copies a band's columns of
//               the moments and of the seeds into Clusters (scaled ->
//               waiting); after the last band, Clusters starts the first k
//               and hands out the centres (distributing);
//   distribute, distributeOdd
//               (Clusters distributing, Partition idle) hands the current
//               centres, and the first time the attributes' means and
//               deviations, to a partition (idle -> work); when every
//               partition has them, Clusters waits for the bands' centres
//               (merging). Clusters and the partitions carry the parity
//               of their next pass (`odd`), and each of the two tasks takes
//               one parity: a partition collected while Clusters still
//               hands out the same pass's centres (depth first, it can be)
//               is then not handed them twice;
//   assign      z-scores the partition's points the first time (the same
//               float operations as the bands'), then finds
//               the nearest centre of each of its points, counting the
//               points of each cluster and listing those whose nearest
//               centre changed, the movers (work -> done): the n*k*d part
//               of the work;
//   collect     (Collector collecting, Partition done) takes a partition's
//               assignment into the Collector's (only the movers' clusters
//               when few moved), adds its movers to the pass's list and
//               adds up its counts (done -> idle); after the last one, the
//               Collector shares the assignment with the bands (sharing);
//   share, shareOdd
//               (Collector sharing, Band waiting) gives a band the pass's
//               movers and their clusters, two short lists (the band has
//               the last pass's assignment; the whole one when more than a
//               sixteenth of the points moved, as in each k's first pass),
//               the counts and the number of movers (waiting -> assigned);
//               after the last band, the Collector waits for the next pass
//               (collecting); the Collector and the bands carry their
//               next pass's parity as Clusters and the partitions do;
//   sum         writes the movers' clusters into the band's assignment,
//               then sums the band's columns over each cluster's points, in
//               point order, and divides them by the cluster's count
//               (assigned -> summed): the n*d part of the work, the bands
//               in parallel;
//   merge       (Clusters merging, Band summed) copies a band's columns of
//               the new centres into Clusters (summed -> waiting); after
//               the last band, Clusters (with the band's number of movers)
//               either starts the next pass or the next k (distributing) or
//               prints the result (finished).
// Each pass's serial steps are kept short, since they bound the speedup on
// many cores: Clusters and the Collector are apart so that synthesis can
// place them on two cores (Clusters' core also runs the assignment it
// hands out last, and the collects would otherwise queue behind it: ~70
// us a pass on the simulated 62-core TILEPro64), and a share copies two
// short lists where it copied the whole assignment (n ints, ~20 us a band
// at the full size), the band writing them in in parallel with the others.
// Each sum is one band's, over the points in file order, as STAMP adds
// them, so the result is STAMP's sequential one, byte for byte, whatever
// the number of partitions and bands and the order the tasks run in.
//
// STAMP's algorithm and arithmetic (all in float), for each k: seed
// MT19937 with 7 and take the initial centres as points[genrand() % n];
// assign each point to its nearest centre by squared distance, a later
// centre winning only if dist/best < 0.99999 (and a zero distance ending
// the search); recompute the centres as means (an empty cluster keeps its
// centre); repeat while the fraction of points that changed cluster is
// above THRESHOLD, at most 501 passes. (STAMP counts the changed points
// one by one in a float; the partitions count theirs in ints, the same
// value up to 2^24 points.)
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
    flag parse;     // its lines are waiting to be parsed
    flag parsed;    // its points are waiting to be gathered
    flag idle;      // waiting for the centres of the next pass
    flag work;      // has the centres, waiting to be assigned
    flag done;      // assignment ready to be collected
    flag odd;       // its next pass is an odd one (the 2nd, 4th, ...)

    int index;          // the partition's place in the file
    String path;        // the file
    long size;          // the file's size
    int parts;          // how many partitions there are
    int bands;          // how many bands there are
    int dims;           // attributes a point has
    int count;          // points parsed
    int shortPoint;     // the first point with too few attributes, or -1
    float[] values;     // its points, point after point (dims values each)
    float[][] slices;   // each band's columns of its points, until gathered
    float[] mean;       // each attribute's mean and standard deviation,
    float[] sd;         // set with the first centres
    boolean scaled;     // the points are z-scored
    float[] centres;    // the centres, centre after centre (dims values each)
    int[] nearest;      // the nearest centre of each point
    int changed;        // points whose nearest centre changed in this pass
    int[] movers;       // those points (their places in the partition), first `changed`
    int[] sizes;        // how many of its points each cluster has

    Partition(int index, String path, long size, int parts, int dims, int bands) {
        this.index = index;
        this.path = path;
        this.size = size;
        this.parts = parts;
        this.dims = dims;
        this.bands = bands;
        this.shortPoint = -1;
    }

    /**
     * Parses the points of its text: one a line, its first
     * token an id, then at least `dims` attributes (extra ones ignored);
     * a line with fewer than two tokens is skipped. Stops at the first
     * point with fewer than `dims` attributes (shortPoint).
     */
    void parseLines() {
        // Cut g (0 < g < parts) is the first line start (a byte after a
        // "\n") at or after max(g*size/parts, 1), or the end of the file;
        // cut 0 is 0 and cut parts the end. The partition reads from just
        // before its cut to a little past the next one (further if that
        // is not enough), so each line is parsed by exactly one partition.
        long from = PointFile.nominal(index, parts, size);
        long to = PointFile.nominal(index + 1, parts, size);
        long base = from > 0 ? from - 1 : 0;
        int extra = 4096;
        byte[] text;
        long start;
        long stop;
        while (true) {
            long want = to + extra < size ? to + extra - base : size - base;
            text = Files.readBytes(path, base, (int) want);
            stop = base + text.length;
            if (index + 1 < parts) {
                while (to < stop && text[(int) (to - 1 - base)] != '\n') {
                    to++;
                }
            }
            if (to < stop || stop >= size) {
                break;
            }
            extra *= 2;
        }
        start = from;
        if (index > 0) {
            while (start < to && text[(int) (start - 1 - base)] != '\n') {
                start++;
            }
        }
        // The values go to one flat array, point after point (as the C
        // reference keeps them), not to an array per point.
        float[] values = new float[16 * dims + 1];
        float[] row = new float[dims];
        char[] token = new char[64];
        int n = 0;
        int end = (int) (to - base);
        int i = (int) (start - base);
        while (i < end) {
            int lineEnd = PointFile.lineEnd(text, i, end);
            int tokens = PointFile.countTokens(text, i, lineEnd);
            if (tokens >= 2) {
                if (tokens - 1 < dims) {
                    shortPoint = n;
                    break;
                }
                if ((n + 1) * dims > values.length) {
                    float[] bigger = new float[2 * values.length];
                    System.arraycopy(values, 0, bigger, 0, n * dims);
                    values = bigger;
                }
                PointFile.parseAttributes(text, i, lineEnd, row, token);
                System.arraycopy(row, 0, values, n * dims, dims);
                n++;
            }
            i = lineEnd + 1;
        }
        this.values = new float[n * dims];
        System.arraycopy(values, 0, this.values, 0, n * dims);
        count = n;
        nearest = new int[n];
        movers = new int[n];
        // Each band's columns, point after point, so that Clusters and
        // the bands move them with whole-array copies.
        slices = new float[bands][];
        for (int b = 0; b < bands; b++) {
            int first = Band.first(b, bands, dims);
            int w = Band.first(b + 1, bands, dims) - first;
            float[] slice = new float[n * w];
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < w; j++) {
                    slice[k * w + j] = values[k * dims + first + j];
                }
            }
            slices[b] = slice;
        }
    }

    /** Takes the attributes' means and deviations for z-scoring. */
    void setMoments(float[] mean, float[] sd) {
        this.mean = new float[dims];
        this.sd = new float[dims];
        System.arraycopy(mean, 0, this.mean, 0, dims);
        System.arraycopy(sd, 0, this.sd, 0, dims);
    }

    /** Z-scores the points once: (x - mean) / sd, as Band.scale. */
    void scale() {
        if (scaled) {
            return;
        }
        float[] point = values;
        for (int i = 0; i < count; i++) {
            int at = i * dims;
            for (int j = 0; j < dims; j++) {
                point[at + j] = (point[at + j] - mean[j]) / sd[j];
            }
        }
        scaled = true;
    }

    /**
     * Takes the centres of a pass; a new k starts with no point in any
     * cluster (STAMP's membership of -1).
     */
    void setCentres(float[] from, int k) {
        if (centres == null || sizes.length != k) {
            centres = new float[k * dims];
            sizes = new int[k];
            for (int i = 0; i < nearest.length; i++) {
                nearest[i] = -1;
            }
        }
        System.arraycopy(from, 0, centres, 0, k * dims);
    }

    /**
     * Finds each point's nearest centre, counting the points of each
     * cluster and listing those whose nearest centre changed (movers).
     * Every array is a local and the squared distance is computed in the
     * loop itself: the compiler then checks each array for null once,
     * before the loop, not once a centre.
     */
    void assign() {
        scale();
        float[] cs = centres;
        float[] point = values;
        int[] nearest = this.nearest;
        int[] movers = this.movers;
        int d = dims;
        int k = sizes.length;
        int[] size = sizes;
        for (int c = 0; c < k; c++) {
            size[c] = 0;
        }
        int moved = 0;
        int points = count;
        // The centres are walked by their offset in cs (the loop's
        // counter), the nearest one's number taken once a point.
        int span = k * d;
        for (int i = 0; i < points; i++) {
            int at = i * d;
            int nearestAt = -1;
            float best = Float.MAX_VALUE;
            for (int centre = 0; centre < span; centre += d) {
                float dist = 0.0f;
                for (int t = 0; t < d; t++) {
                    dist += (point[at + t] - cs[centre + t]) * (point[at + t] - cs[centre + t]);
                }
                if (dist / best < 0.99999f) {
                    best = dist;
                    nearestAt = centre;
                    if (best == 0) {
                        break;
                    }
                }
            }
            int index = nearestAt < 0 ? -1 : nearestAt / d;
            if (nearest[i] != index) {
                movers[moved] = i;
                moved++;
            }
            nearest[i] = index;
            size[index]++;
        }
        changed = moved;
    }
}

/** The centres and the clustering state of the current k. */
class Clusters {
    flag gathering;     // collecting the partitions' parsed points
    flag sizing;        // telling the bands the number of points
    flag seeding;       // handing the bands their columns of the points
    flag scaling;       // waiting for the bands' moments and seed columns
    flag distributing;  // handing the centres to the partitions
    flag merging;       // waiting for the bands' columns of the centres
    flag odd;           // its next distribution is an odd pass's (the 2nd, 4th, ...)
    flag finished;

    String path;
    float[][][] pieces; // each partition's band slices (Partition.slices), by partition index
    int[] shortPoints;  // each partition's first short point, or -1
    int[] sizes;        // each partition's number of points
    int gathered;       // partitions whose points are in
    int[] firsts;       // each partition's first point in file order
    int n;              // the number of points
    int[] seedPoints;   // the points drawn as initial centres: the first k are k's
    float[] mean;       // each attribute's mean and standard deviation
    float[] sd;
    float[][] seeds;    // the initial centres, z-scored
    int dims;
    int k;
    int minK;
    int maxK;
    float threshold;
    int partitions;
    int bands;
    boolean momentsSent; // the partitions have mean and sd
    int handedOut;      // partitions that have this pass's centres
    int bandsDone;      // bands through the current step (seed, moments, merge)
    int loop;           // passes of this k after the first
    float[] centres;    // centre after centre (dims values each), as the partitions keep them

    Clusters(String path, int dims, int minK, int maxK, float threshold, int partitions, int bands) {
        this.path = path;
        this.dims = dims;
        this.minK = minK;
        this.maxK = maxK;
        this.threshold = threshold;
        this.partitions = partitions;
        this.bands = bands;
        this.pieces = new float[partitions][][];
        this.shortPoints = new int[partitions];
        this.sizes = new int[partitions];
    }

    /**
     * Copies one partition's band slices of its points in (the partition
     * drops them); true when all are in.
     */
    boolean gather(Partition p) {
        float[][] mine = new float[bands][];
        for (int b = 0; b < bands; b++) {
            float[] slice = p.slices[b];
            mine[b] = new float[slice.length];
            System.arraycopy(slice, 0, mine[b], 0, slice.length);
        }
        p.slices = null;
        sizes[p.index] = p.count;
        pieces[p.index] = mine;
        shortPoints[p.index] = p.shortPoint;
        gathered++;
        return gathered == partitions;
    }

    /**
     * After the last partition: numbers the points in file order and
     * draws the points that seed the centres (the bands take their columns
     * of the points next, and take the moments and z-score in parallel).
     * False (after saying why) when there is nothing to cluster.
     */
    boolean start() {
        firsts = new int[partitions];
        int n = 0;
        for (int g = 0; g < partitions; g++) {
            firsts[g] = n;
            if (shortPoints[g] >= 0) {
                System.out.println(path + ": point " + (n + shortPoints[g] + 1) + " has fewer than " + dims + " attributes");
                System.out.println("need points and 1 <= MIN <= MAX");
                return false;
            }
            n += sizes[g];
        }
        if (n == 0 || dims < 1 || minK < 1 || maxK < minK) {
            System.out.println("need points and 1 <= MIN <= MAX");
            return false;
        }
        this.n = n;
        // STAMP seeds MT19937 with 7 for every k, so k's initial centres
        // are the first k of the same draws.
        seedPoints = new int[maxK];
        MersenneTwister rng = new MersenneTwister(7);
        for (int c = 0; c < maxK; c++) {
            seedPoints[c] = (int) (rng.next() % n);
        }
        mean = new float[dims];
        sd = new float[dims];
        seeds = new float[maxK][dims];
        return true;
    }

    /** Seeds the initial centres of a clustering with k centres. */
    void startK(int k) {
        this.k = k;
        centres = new float[k * dims];
        for (int c = 0; c < k; c++) {
            System.arraycopy(seeds[c], 0, centres, c * dims, dims);
        }
        loop = 0;
    }

    /** Counts one more band through the current step; true after the last. */
    boolean bandStep() {
        bandsDone++;
        if (bandsDone == bands) {
            bandsDone = 0;
            return true;
        }
        return false;
    }

    /** Tells a band the number of points; true when every band knows it. */
    boolean size(Band b) {
        b.n = n;
        return bandStep();
    }

    /** Gives a band its columns of the points; true when all have them. */
    boolean seed(Band b) {
        b.seed(pieces, seedPoints);
        if (bandStep()) {
            pieces = null;
            return true;
        }
        return false;
    }

    /**
     * Takes a band's columns of the moments and of the seeds; after the
     * last band, starts the first k and returns true.
     */
    boolean moments(Band b) {
        System.arraycopy(b.mean, 0, mean, b.from, b.width);
        System.arraycopy(b.sd, 0, sd, b.from, b.width);
        for (int c = 0; c < maxK; c++) {
            System.arraycopy(b.seeds, c * b.width, seeds[c], b.from, b.width);
        }
        if (bandStep()) {
            startK(minK);
            return true;
        }
        return false;
    }

    /** Counts one more partition as handed out; true when all are. */
    boolean handOut(Partition p) {
        p.setCentres(centres, k);
        if (!momentsSent) {
            p.setMoments(mean, sd);
        }
        handedOut++;
        if (handedOut == partitions) {
            handedOut = 0;
            momentsSent = true;
            return true;
        }
        return false;
    }

    /**
     * Takes a band's columns of the new centres (an empty cluster keeps
     * its centre: the band has the pass's counts); true when every band's
     * are in.
     */
    boolean merge(Band b) {
        for (int c = 0; c < k; c++) {
            if (b.counts[c] > 0) {
                System.arraycopy(b.means[c], 0, centres, c * dims + b.from, b.width);
            }
        }
        return bandStep();
    }

    /**
     * After the last band of a pass (`changed` its points that changed
     * cluster, as the bands have it): true if another pass or another k
     * follows, false when the clustering is finished.
     */
    boolean update(int changed) {
        float delta = changed;
        delta /= n;
        boolean again = delta > threshold && loop++ < 500;
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
                appendFixed6(out, centres[c * dims + j]);
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

/**
 * A pass's assignment: takes each partition's in and shares it with the
 * bands. It is an object of its own, apart from Clusters, so that
 * synthesis can give its steps (one per partition, one per band) another
 * core than Clusters': the partitions finish one after another, in the
 * order Clusters handed them their centres, and Clusters' core, which
 * also runs the assignment it handed out last, would take none of them
 * in before its own was done.
 */
class Collector {
    flag fresh;         // waiting to make its arrays
    flag collecting;    // waiting for the partitions' assignments
    flag sharing;       // handing the assignment to the bands
    flag odd;           // its next share is an odd pass's (the 2nd, 4th, ...)

    int partitions;
    int bands;
    int[] firsts;       // each partition's first point in file order
    int n;              // the number of points
    int[] membership;   // each point's cluster in this pass
    int[] movers;       // the points whose cluster changed in this pass, first moverCount
    int[] moverClusters; // their new clusters
    int moverCount;
    int[] counts;       // the points of each cluster in this pass
    int collected;      // partitions whose assignment is in
    int shared;         // bands that have the assignment

    Collector(int[] firsts, int n, int bands) {
        this.partitions = firsts.length;
        this.bands = bands;
        this.firsts = new int[partitions];
        System.arraycopy(firsts, 0, this.firsts, 0, partitions);
        this.n = n;
    }

    /**
     * Makes its arrays for the n points: in a task of its own, so that
     * Clusters' core, which made the Collector, does not spend the arrays'
     * page faults.
     */
    void allocate() {
        membership = new int[n];
        movers = new int[n];
        moverClusters = new int[n];
    }

    /**
     * Takes one partition's assignment in (only its movers' clusters when
     * few moved: the others are as they were) and adds its movers and
     * counts to this pass's; true when all are in.
     */
    boolean collect(Partition p) {
        int k = p.sizes.length;
        if (counts == null || counts.length != k) {
            counts = new int[k];
        }
        int first = firsts[p.index];
        int[] nearest = p.nearest;
        int[] moved = p.movers;
        int m = p.changed;
        if (Band.wholeCopy(m, nearest.length)) {
            System.arraycopy(nearest, 0, membership, first, nearest.length);
        } else {
            for (int j = 0; j < m; j++) {
                membership[first + moved[j]] = nearest[moved[j]];
            }
        }
        for (int j = 0; j < m; j++) {
            movers[moverCount + j] = first + moved[j];
            moverClusters[moverCount + j] = nearest[moved[j]];
        }
        moverCount += m;
        for (int c = 0; c < k; c++) {
            counts[c] += p.sizes[c];
        }
        collected++;
        if (collected == partitions) {
            collected = 0;
            return true;
        }
        return false;
    }

    /**
     * Gives a band this pass's assignment (the band has the last pass's,
     * so only the movers' clusters when few moved) and counts; true when
     * every band has them, and the next pass starts from nothing.
     */
    boolean share(Band b) {
        b.take(membership, movers, moverClusters, moverCount, counts);
        shared++;
        if (shared < bands) {
            return false;
        }
        shared = 0;
        moverCount = 0;
        for (int c = 0; c < counts.length; c++) {
            counts[c] = 0;
        }
        return true;
    }
}

/**
 * A range of the attributes: its columns of every point, and each pass
 * the sums of its columns over each cluster's points, in point order.
 */
class Band {
    flag unseeded;      // waiting to learn the number of points
    flag sized;         // knows it, waiting to make its arrays
    flag empty;         // has its arrays, waiting for its columns of the points
    flag unscaled;      // has its columns, waiting to take their moments
    flag scaled;        // its moments and seed columns are ready
    flag waiting;       // waiting for the next pass's assignment
    flag assigned;      // has the assignment, waiting to sum
    flag summed;        // its columns of the new centres are ready
    flag odd;           // its next pass is an odd one (the 2nd, 4th, ...)

    int index;          // its place among the bands
    int from;           // its first attribute
    int width;          // its attributes
    int n;              // the number of points
    float[] values;     // its columns of every point, point after point
    int[] seedPoints;   // the points drawn as initial centres
    float[] mean;       // its columns' means and standard deviations
    float[] sd;
    float[] seeds;      // its columns of the initial centres, z-scored
    int[] membership;   // each point's cluster in this pass
    int[] pendingMovers;   // movers of this pass not yet in membership (sum applies them)
    int[] pendingClusters; // and their clusters, first `pending`
    int pending;
    int k;
    float[] sums;       // cluster c's sums at [c * width, (c + 1) * width)
    float[][] means;    // its columns of the new centres
    int[] counts;       // the points of each cluster
    int changed;        // the points that changed cluster (for Clusters)

    Band(int index, int from, int width) {
        this.index = index;
        this.from = from;
        this.width = width;
    }

    /** The first attribute of band b of `bands` over `dims` attributes. */
    static int first(int b, int bands, int dims) {
        return b * dims / bands;
    }

    /**
     * Makes its arrays for the n points: on its own core, in parallel with
     * the other bands', so that Clusters' core, which hands each band its
     * columns in turn, only copies.
     */
    void allocate() {
        values = new float[n * width];
        membership = new int[n];
        pendingMovers = new int[listLimit(n) + 1];
        pendingClusters = new int[listLimit(n) + 1];
    }

    /**
     * Takes its columns of the n points, its slice of each partition's
     * pieces in partition order, and the points drawn as seeds.
     */
    void seed(float[][][] pieces, int[] seedPoints) {
        int at = 0;
        for (int g = 0; g < pieces.length; g++) {
            float[] slice = pieces[g][index];
            System.arraycopy(slice, 0, values, at, slice.length);
            at += slice.length;
        }
        this.seedPoints = new int[seedPoints.length];
        System.arraycopy(seedPoints, 0, this.seedPoints, 0, seedPoints.length);
    }

    /**
     * Takes its columns' means and standard deviations as STAMP's
     * zscoreTransform does (float sums in point order, the variance over
     * n), z-scores its columns as (x - mean) / sd (the float operations of
     * Partition.scale) and keeps its columns of the seeds.
     */
    void scale() {
        int w = width;
        float[] column = values;
        mean = new float[w];
        sd = new float[w];
        for (int j = 0; j < w; j++) {
            float m = 0.0f;
            for (int i = j; i < column.length; i += w) {
                m += column[i];
            }
            m = m / n;
            float variance = 0.0f;
            for (int i = j; i < column.length; i += w) {
                double diff = column[i] - m;
                variance += diff * diff;
            }
            variance = variance / n;
            mean[j] = m;
            sd[j] = (float) Math.sqrt((double) variance);
        }
        for (int i = 0; i < column.length; i += w) {
            for (int j = 0; j < w; j++) {
                column[i + j] = (column[i + j] - mean[j]) / sd[j];
            }
        }
        seeds = new float[seedPoints.length * w];
        for (int c = 0; c < seedPoints.length; c++) {
            System.arraycopy(column, seedPoints[c] * w, seeds, c * w, w);
        }
    }

    /**
     * The most movers of `points` points that are passed on as a list:
     * changing the movers one by one is cheaper than one whole-array copy
     * of the assignment up to a sixteenth of the points.
     */
    static int listLimit(int points) {
        return points / 16;
    }

    /**
     * Whether an assignment of `points` points of which `moved` changed
     * cluster is taken as one whole-array copy. (The first pass of each k
     * moves every point, so each pass's assignment is whole either way.)
     */
    static boolean wholeCopy(int moved, int points) {
        return moved > listLimit(points);
    }

    /**
     * Takes a pass's assignment and cluster sizes (one a centre): its
     * membership is the last pass's, so only the `moved` points listed in
     * `movers` need their new cluster (`clusters`, in the same order). It
     * copies only the two lists; `sum`, in parallel with the other bands,
     * writes them into its membership.
     */
    void take(int[] assignment, int[] movers, int[] clusters, int moved, int[] sizes) {
        int k = sizes.length;
        this.changed = moved;
        if (wholeCopy(moved, n)) {
            System.arraycopy(assignment, 0, membership, 0, n);
            pending = 0;
        } else {
            System.arraycopy(movers, 0, pendingMovers, 0, moved);
            System.arraycopy(clusters, 0, pendingClusters, 0, moved);
            pending = moved;
        }
        if (sums == null || this.k != k) {
            this.k = k;
            sums = new float[k * width];
            means = new float[k][width];
            counts = new int[k];
        }
        System.arraycopy(sizes, 0, counts, 0, k);
    }

    /**
     * Takes this pass's movers into its membership, then sums its columns
     * over each cluster's points in point order (STAMP's order, so each
     * sum is the sequential one) and divides by the counts.
     */
    void sum() {
        int[] assignment = membership;
        int[] movers = pendingMovers;
        int[] clusters = pendingClusters;
        for (int j = 0; j < pending; j++) {
            assignment[movers[j]] = clusters[j];
        }
        pending = 0;
        float[] column = values;
        float[] total = sums;
        int w = width;
        int points = n;
        for (int s = 0; s < total.length; s++) {
            total[s] = 0.0f;
        }
        // Four columns at a time over all the points, then each column
        // left over: every sum still takes the points in order, and a
        // band's few columns (4 at the full size) cost one step a point
        // with no loop over them.
        int quads = w - w % 4;
        for (int j = 0; j < quads; j += 4) {
            for (int i = 0; i < points; i++) {
                int at = i * w + j;
                int to = assignment[i] * w + j;
                total[to] += column[at];
                total[to + 1] += column[at + 1];
                total[to + 2] += column[at + 2];
                total[to + 3] += column[at + 3];
            }
        }
        for (int j = quads; j < w; j++) {
            for (int i = 0; i < points; i++) {
                total[assignment[i] * w + j] += column[i * w + j];
            }
        }
        for (int c = 0; c < k; c++) {
            if (counts[c] > 0) {
                for (int j = 0; j < w; j++) {
                    means[c][j] = total[c * w + j] / counts[c];
                }
            }
        }
    }
}

/**
 * Reading the points: one a line (a line ends at "\n" or "\r"), an id
 * then the attributes, tokens separated by spaces, tabs or commas.
 */
class PointFile {
    static boolean isSeparator(byte c) {
        return c == ' ' || c == '\t' || c == ',';
    }

    /** Where the line starting at `from` ends: its terminator, or `to`. */
    static int lineEnd(byte[] text, int from, int to) {
        int i = from;
        while (i < to) {
            byte c = text[i];
            if (c == '\n' || c == '\r') {
                return i;
            }
            i++;
        }
        return to;
    }

    /** The number of tokens in text[from .. to). */
    static int countTokens(byte[] text, int from, int to) {
        int count = 0;
        int i = from;
        while (i < to) {
            while (i < to && isSeparator(text[i])) {
                i++;
            }
            if (i < to) {
                count++;
            }
            while (i < to && !isSeparator(text[i])) {
                i++;
            }
        }
        return count;
    }

    /**
     * Parses the first row.length attributes of the point line
     * text[from .. to) into row; `token` is scratch space for one token's
     * characters.
     */
    static void parseAttributes(byte[] text, int from, int to, float[] row, char[] token) {
        int dims = row.length;
        int t = 0;
        int i = from;
        while (i < to && t <= dims) {
            while (i < to && isSeparator(text[i])) {
                i++;
            }
            int tokenStart = i;
            while (i < to && !isSeparator(text[i])) {
                i++;
            }
            if (i > tokenStart) {
                if (t > 0) {
                    int len = i - tokenStart;
                    if (len > token.length) {
                        token = new char[len];
                    }
                    for (int k = 0; k < len; k++) {
                        token[k] = (char) (text[tokenStart + k] & 0xff);
                    }
                    row[t - 1] = (float) Double.parseDouble(new String(token, 0, len));
                }
                t++;
            }
        }
    }

    /**
     * The attributes of the first point line (one with two tokens or more)
     * of the file, or 0; reads as much of its head as that takes.
     */
    static int firstDims(String path, long size) {
        int length = 4096;
        while (true) {
            byte[] text = Files.readBytes(path, 0, length);
            boolean whole = text.length >= size;
            int n = text.length;
            int i = 0;
            while (i < n) {
                int lineEnd = lineEnd(text, i, n);
                if (lineEnd == n && !whole) {
                    break;
                }
                int tokens = countTokens(text, i, lineEnd);
                if (tokens >= 2) {
                    return tokens - 1;
                }
                i = lineEnd + 1;
            }
            if (whole) {
                return 0;
            }
            length *= 2;
        }
    }

    /** Where partition g's share of a file of `size` bytes nominally starts. */
    static long nominal(int g, int parts, long size) {
        if (g >= parts) {
            return size;
        }
        long at = size / parts * g + size % parts * g / parts;
        if (g > 0 && at < 1) {
            at = 1;
        }
        return at < size ? at : size;
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 4) {
        System.out.println("usage: kmeans FILE MIN MAX THRESHOLD [partitions [bands]]");
        taskexit(s: initialstate := false);
    }
    String path = s.args[0];
    long size = Files.size(path);
    int minK = Integer.parseInt(s.args[1]);
    int maxK = Integer.parseInt(s.args[2]);
    float threshold = (float) Double.parseDouble(s.args[3]);
    int partitions = 62;
    if (s.args.length > 4) {
        partitions = Integer.parseInt(s.args[4]);
    }
    if (partitions < 1) {
        partitions = 1;
    }
    int dims = PointFile.firstDims(path, size);
    int bands = 8;
    if (s.args.length > 5) {
        bands = Integer.parseInt(s.args[5]);
    }
    if (bands > dims) {
        bands = dims;
    }
    if (bands < 1) {
        bands = 1;
    }
    for (int g = 0; g < partitions; g++) {
        Partition p = new Partition(g, path, size, partitions, dims, bands) { parse := true };
    }
    for (int b = 0; b < bands; b++) {
        int from = Band.first(b, bands, dims);
        Band band = new Band(b, from, Band.first(b + 1, bands, dims) - from) { unseeded := true };
    }
    Clusters c = new Clusters(s.args[0], dims, minK, maxK, threshold, partitions, bands) { gathering := true };
    taskexit(s: initialstate := false);
}

task parse(Partition p in parse) {
    p.parseLines();
    taskexit(p: parse := false, parsed := true);
}

task gather(Clusters c in gathering, Partition p in parsed) {
    if (c.gather(p)) {
        if (c.start()) {
            Collector collector = new Collector(c.firsts, c.n, c.bands) { fresh := true };
            taskexit(c: gathering := false, sizing := true; p: parsed := false, idle := true);
        }
        taskexit(c: gathering := false, finished := true; p: parsed := false, idle := true);
    }
    taskexit(p: parsed := false, idle := true);
}

task size(Clusters c in sizing, Band b in unseeded) {
    if (c.size(b)) {
        taskexit(c: sizing := false, seeding := true; b: unseeded := false, sized := true);
    }
    taskexit(b: unseeded := false, sized := true);
}

task allocate(Band b in sized) {
    b.allocate();
    taskexit(b: sized := false, empty := true);
}

task seed(Clusters c in seeding, Band b in empty) {
    if (c.seed(b)) {
        taskexit(c: seeding := false, scaling := true; b: empty := false, unscaled := true);
    }
    taskexit(b: empty := false, unscaled := true);
}

task scale(Band b in unscaled) {
    b.scale();
    taskexit(b: unscaled := false, scaled := true);
}

task moments(Clusters c in scaling, Band b in scaled) {
    if (c.moments(b)) {
        taskexit(c: scaling := false, distributing := true; b: scaled := false, waiting := true);
    }
    taskexit(b: scaled := false, waiting := true);
}

task distribute(Clusters c in distributing and !odd, Partition p in idle and !odd) {
    if (c.handOut(p)) {
        taskexit(c: distributing := false, merging := true, odd := true; p: idle := false, work := true, odd := true);
    }
    taskexit(p: idle := false, work := true, odd := true);
}

task distributeOdd(Clusters c in distributing and odd, Partition p in idle and odd) {
    if (c.handOut(p)) {
        taskexit(c: distributing := false, merging := true, odd := false; p: idle := false, work := true, odd := false);
    }
    taskexit(p: idle := false, work := true, odd := false);
}

task assign(Partition p in work) {
    p.assign();
    taskexit(p: work := false, done := true);
}

task open(Collector a in fresh) {
    a.allocate();
    taskexit(a: fresh := false, collecting := true);
}

task collect(Collector a in collecting, Partition p in done) {
    if (a.collect(p)) {
        taskexit(a: collecting := false, sharing := true; p: done := false, idle := true);
    }
    taskexit(p: done := false, idle := true);
}

task share(Collector a in sharing and !odd, Band b in waiting and !odd) {
    if (a.share(b)) {
        taskexit(a: sharing := false, collecting := true, odd := true; b: waiting := false, assigned := true, odd := true);
    }
    taskexit(b: waiting := false, assigned := true, odd := true);
}

task shareOdd(Collector a in sharing and odd, Band b in waiting and odd) {
    if (a.share(b)) {
        taskexit(a: sharing := false, collecting := true, odd := false; b: waiting := false, assigned := true, odd := false);
    }
    taskexit(b: waiting := false, assigned := true, odd := false);
}

task sum(Band b in assigned) {
    b.sum();
    taskexit(b: assigned := false, summed := true);
}

task merge(Clusters c in merging, Band b in summed) {
    if (c.merge(b)) {
        if (c.update(b.changed)) {
            taskexit(c: merging := false, distributing := true; b: summed := false, waiting := true);
        }
        c.report();
        taskexit(c: merging := false, finished := true; b: summed := false, waiting := true);
    }
    taskexit(b: summed := false, waiting := true);
}
