// An iterative task-level algorithm (KMeans in one dimension): a master
// object cycles through three states, and point-block objects are
// re-enabled each round by flag changes once the master releases them;
// blocks and master meet in two-parameter tasks, and the loop ends when
// the centres stop moving.

class Block {
    flag assign;
    flag reported;

    double[] points;
    double[] sums;
    int[] counts;

    Block(double[] points, int k) {
        this.points = points;
        sums = new double[k];
        counts = new int[k];
    }

    void assign(double[] centres) {
        for (int c = 0; c < centres.length; c++) {
            sums[c] = 0;
            counts[c] = 0;
        }
        for (int i = 0; i < points.length; i++) {
            int best = 0;
            for (int c = 1; c < centres.length; c++)
                if (Math.abs(points[i] - centres[c]) < Math.abs(points[i] - centres[best]))
                    best = c;
            sums[best] += points[i];
            counts[best]++;
        }
    }
}

class Master {
    flag waiting;
    flag update;
    flag release;
    flag converged;

    double[] centres;
    double[] sums;
    int[] counts;
    int blocks;
    int received;
    int released;
    int rounds;

    Master(int k, int blocks) {
        centres = new double[k];
        for (int c = 0; c < k; c++)
            centres[c] = c * 10.0;
        sums = new double[k];
        counts = new int[k];
        this.blocks = blocks;
    }

    boolean absorb(Block b) {
        for (int c = 0; c < centres.length; c++) {
            sums[c] += b.sums[c];
            counts[c] += b.counts[c];
        }
        received++;
        return received == blocks;
    }

    boolean recompute() {
        boolean moved = false;
        for (int c = 0; c < centres.length; c++) {
            if (counts[c] > 0) {
                double nc = sums[c] / counts[c];
                if (Math.abs(nc - centres[c]) > 1e-9)
                    moved = true;
                centres[c] = nc;
            }
            sums[c] = 0;
            counts[c] = 0;
        }
        received = 0;
        rounds++;
        return moved;
    }
}

task startup(StartupObject s in initialstate) {
    Random r = new Random(99);
    int k = 3, nblocks = 4;
    Master m = new Master(k, nblocks) { waiting := true };
    for (int b = 0; b < nblocks; b++) {
        double[] pts = new double[25];
        for (int i = 0; i < pts.length; i++)
            pts[i] = (i % k) * 20.0 + r.nextDouble() * 4.0;
        new Block(pts, k) { assign := true };
    }
    taskexit(s: initialstate := false);
}

task assignPoints(Master m in waiting, Block b in assign) {
    b.assign(m.centres);
    boolean last = m.absorb(b);
    if (last)
        taskexit(m: waiting := false, update := true; b: assign := false, reported := true);
    taskexit(b: assign := false, reported := true);
}

task update(Master m in update) {
    if (m.recompute() && m.rounds < 20)
        taskexit(m: update := false, release := true);
    System.out.println("converged after " + m.rounds + " rounds");
    taskexit(m: update := false, converged := true);
}

task nextRound(Master m in release, Block b in reported) {
    m.released++;
    if (m.released == m.blocks) {
        m.released = 0;
        taskexit(m: release := false, waiting := true; b: reported := false, assign := true);
    }
    taskexit(b: reported := false, assign := true);
}
