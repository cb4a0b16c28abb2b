// tracking.bb — the Tracking benchmark in Bamboo (SD-VBS feature tracking;
// the same arithmetic as tracking.c, which matches SD-VBS's expected_C.txt).
//
// Usage: tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT [PIECES [WINDOW]]]
//   DIR holds 1.bmp .. FRAMES.bmp (24-bit BMP; the green channel is used);
//   the clip is processed REPEAT times (default 1), WINDOW passes (default
//   16) under way at a time, and the output is the last pass's. PIECES
//   (default 8) is the number of row strips per frame, of column bands of
//   the feature strength and of feature groups.
//
// Structure (the paper's Figure 8: image processing on pieces, aggregation,
// feature extraction, feature tracking). Every work object gets its own
// copy of the rows or columns it reads, so no two working objects share
// data; a strip hands its results over to its frame when it is done (the
// merge exits merge the finished strip's lock into the frame's):
//   startup    reads the parameters, makes the Clip and starts a pass;
//   fill       starts one more pass per invocation until WINDOW are under
//              way: an Opening each;
//   open       gives a first Opening a new `lane` tag, on the core that
//              takes it: one lane per pass under way, each carried on from
//              a pass to the next (with `tag-home` routing a lane's passes
//              stay on the core that made the lane, so a core whose passes
//              end sooner begins the next ones sooner);
//   begin      an Opening, which begins its pass (the passes started
//              together begin as cores take them, not all at once):
//   (a pass)   it allocates a Result and the pass's Frames, each
//              bound to a `frame` tag and to sequence tags (class Frame);
//              the Result and frame 1 are bound to the pass's `pass` tag,
//              the Result also to the Opening's lane.
//              It reads each frame's header and cuts the frame into PIECES
//              Strips bound to its `frame` tag, each with the rows its
//              blurs read (so one core sends out all of a pass's strips,
//              and its round-robin spreads them over the cores);
//   blur       one Strip: blur and Sobel gradients of its rows at both
//              pyramid levels (on frame 1 also the squared gradients
//              summed along the rows, cut by the column bands of the
//              feature strength);
//   merge, mergeFirst
//              take a Strip's rows into its Frame's pictures (the
//              aggregation, without a copy); the frame is then ready. The
//              last mergeFirst of frame 1 also cuts the row sums into
//              PIECES Columns (copies of their columns, a block per strip)
//              bound by a `detect` tag to a Detector;
//   strength   one Column: column sums, feature strength and the N_FEA
//              strongest pixels of its columns;
//   select     merges the Columns' candidates into the N_FEA strongest,
//              suppresses neighbours and splits the features into PIECES
//              Groups bound to frame 1's sequence tag and the pass's tag;
//   stepOdd, stepEven, stepLastOdd, stepLastEven
//              one Group and the Frame its sequence tag names: tracks the
//              group's features into that frame (Lucas-Kanade of one
//              feature never reads another's) and moves on to the next
//              frame's tag, so each group visits the frames in order while
//              other groups track in other frames;
//   gather     collects the Groups into the pass's Result (by the pass
//              tag), in group order;
//   nextPass   after a complete pass, while passes are left to start:
//              starts the next pass in the complete pass's lane;
//   finishPass after a complete pass, once every pass has started: prints
//              the last pass's features after every pass is complete.
//
// Output: the tracked features, x coordinates on one line and y
// coordinates on the next, each followed by a tab (as SD-VBS writes them,
// but with Java's float text instead of %f).

// A float image, row-major, made of the arrays of the row strips that
// computed it: each strip hands its rows over, none is copied. Row r is in
// part[r] from index at[r].
class Picture {
    int rows;
    int cols;
    float[][] part;
    int[] at;

    Picture(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.part = new float[rows][];
        this.at = new int[rows];
    }

    // Rows first .. last-1 are those of a whose row `from` is at index 0.
    void place(float[] a, int from, int first, int last) {
        int cols = this.cols;
        for (int r = first; r < last; r++) {
            part[r] = a;
            at[r] = (r - from) * cols;
        }
    }

}

// What every pass needs to know.
class Params {
    String dir;
    int win;
    int nFea;
    int iters;
    int frames;
    int pieces;

    Params(String dir, int win, int nFea, int iters, int frames, int pieces) {
        this.dir = dir;
        this.win = win;
        this.nFea = nFea;
        this.iters = iters;
        this.frames = frames;
        this.pieces = pieces;
    }

    Params copy() {
        return new Params(dir, win, nFea, iters, frames, pieces);
    }
}

// Rows first .. last-1 of level 0 of one frame and rows m0 .. m1-1 of
// level 1 (the strips of a frame share out the rows of both levels).
class Strip {
    flag process;   // waiting to be blurred
    flag submit;    // rows ready to be merged into the frame

    String path;    // the frame's BMP file and where its pixels start
    int offset;
    int t0;         // the rows the blurs read: t0 .. t1-1
    int t1;
    int rows;       // level 0's size
    int cols;
    int first;
    int last;
    int m0;
    int m1;
    int win;        // > 0: also the row sums of the squared gradients
    int pieces;     // the column bands of the feature strength
    float[] blurred;   // level-0 rows b0 .. (first-1 .. last, and those level 1 needs)
    int b0;
    float[] dx;        // rows first .. last-1
    float[] dy;
    int piece;      // 0 .. strips-1, top to bottom
    // Row sums of dX·dX, dX·dY, dY·dY of rows first .. last-1, cut by the
    // column bands of the feature strength: [g] holds band g's columns
    // (rows x band width, row-major).
    float[][] xx;
    float[][] xy;
    float[][] yy;
    float[] blurred1;  // level-1 rows c0 .. (m0-1 .. m1, clipped)
    int c0;
    float[] dx1;       // level-1 rows m0 .. m1-1
    float[] dy1;

    // Strip g of the `strips` of frame f (once f.load() has read its
    // header), with the rows its blurs read.
    Strip(Frame f, int g) {
        int rows = f.blur0.rows;
        int outRows = f.blur1.rows;
        path = f.path;
        offset = f.offset;
        this.rows = rows;
        cols = f.blur0.cols;
        first = rows * g / f.strips;
        last = rows * (g + 1) / f.strips;
        m0 = outRows * g / f.strips;
        m1 = outRows * (g + 1) / f.strips;
        // The vertical blur of row i reads rows i-2 .. i+2.
        t0 = Math.max(0, blurFrom(first, m0) - 2);
        t1 = Math.min(rows, blurTo(rows, last, m1) + 2);
        piece = g;
        pieces = f.par.pieces;
        win = 0;
        if (f.index == 1) {
            win = f.par.win;
        }
    }

    // The level-0 blurred rows [b0, b1) this strip computes: rows first-1
    // .. last for its own gradients and the rows its level-1 rows (and
    // their neighbours, for their gradients) are filtered from.
    static int blurFrom(int first, int m0) {
        return Math.max(0, Math.min(first - 1, 2 * Math.max(0, m0 - 1)));
    }

    static int blurTo(int rows, int last, int m1) {
        int outRows = (rows + 1) / 2;
        return Math.min(rows, Math.max(last + 1, 2 * Math.min(outRows, m1 + 1) + 3));
    }

    // Blur ([1 4 6 4 1]/16, rows then columns) and Sobel gradients of this
    // strip at both levels, exactly as tracking.c computes them on the
    // whole image. (The fields are read into locals first: the C compiler
    // must assume that a store into a float array may change a field.)
    void process() {
        int rows = this.rows;
        int cols = this.cols;
        int first = this.first;
        int last = this.last;
        int t1 = this.t1;
        // The file's rows are bottom-up: rows t0 .. t1-1 are the file rows
        // rows-t1 .. rows-1-t0, one range of bytes.
        byte[] in = Files.readBytes(path, (long) offset + (long) (rows - t1) * cols * 3,
                                    (t1 - t0) * cols * 3);
        // Vertical blur pass on rows b0 .. b1-1, over the horizontal pass's
        // rows i-2 .. i+2, which a ring of five rows holds (row r at r % 5).
        int b0 = blurFrom(first, m0);
        this.b0 = b0;
        int b1 = blurTo(rows, last, m1);
        float[] bl = new float[(b1 - b0) * cols];
        float[] ring = new float[5 * cols];
        int start = Math.max(2, b0);
        int end = Math.min(rows - 2, b1);
        for (int r = start - 2; r < start + 2 && start < end; r++) {
            Vision.blurRow(in, t1, rows, cols, r, ring);
        }
        for (int i = start; i < end; i++) {
            Vision.blurRow(in, t1, rows, cols, i + 2, ring);
            int r0 = (i - 2) % 5 * cols;
            int r1 = (i - 1) % 5 * cols;
            int r2 = i % 5 * cols;
            int r3 = (i + 1) % 5 * cols;
            int r4 = (i + 2) % 5 * cols;
            int d = (i - b0) * cols;
            for (int j = 2; j < cols - 2; j++) {
                float t = ring[r0 + j];
                t += ring[r1 + j] * 4;
                t += ring[r2 + j] * 6;
                t += ring[r3 + j] * 4;
                t += ring[r4 + j];
                bl[d + j] = t * 0.0625f;
            }
        }
        int n = (last - first) * cols;
        blurred = bl;
        float[] gx = new float[n];
        float[] gy = new float[n];
        dx = gx;
        dy = gy;
        Vision.sobelRows(bl, b0, rows, cols, first, last, gx, gy);
        if (win > 0) {
            int bands = Math.min(pieces, cols);
            xx = new float[bands][];
            xy = new float[bands][];
            yy = new float[bands][];
            for (int g = 0; g < bands; g++) {
                int w = cols * (g + 1) / bands - cols * g / bands;
                xx[g] = new float[(last - first) * w];
                xy[g] = new float[(last - first) * w];
                yy[g] = new float[(last - first) * w];
            }
            Vision.squaredRowSums(gx, gy, last - first, cols, win, xx, xy, yy);
        }
        levelOne(bl, b0);
    }

    // Level 1 ([1 4 6 4 1]/16 at every other pixel, as Vision's whole-image
    // version in tracking.c) of rows m0-1 .. m1, from the level-0 blurred
    // rows b0 .. in src, then the gradients of rows m0 .. m1-1.
    void levelOne(float[] src, int b0) {
        int rows = this.rows;
        int cols = this.cols;
        int m0 = this.m0;
        int m1 = this.m1;
        int outRows = (rows + 1) / 2;
        int outCols = (cols + 1) / 2;
        int c0 = Math.max(0, m0 - 1);
        this.c0 = c0;
        int c1 = Math.min(outRows, m1 + 1);
        // Vertical pass: level-1 row m is centred on level-0 row c = 2 + 2m,
        // over the horizontal pass's rows c-2 .. c+2, which a ring of five
        // rows holds (row r at r % 5); next is the first row not yet in it.
        float[] bl = new float[(c1 - c0) * outCols];
        float[] ring = new float[5 * outCols];
        int next = 0;
        for (int m = c0; m < c1 && 2 + 2 * m < rows - 2; m++) {
            int c = 2 + 2 * m;
            for (int r = Math.max(next, c - 2); r <= c + 2; r++) {
                Vision.halfRow(src, b0, rows, cols, outCols, r, ring);
            }
            next = c + 3;
            int r0 = (c - 2) % 5 * outCols;
            int r1 = (c - 1) % 5 * outCols;
            int r2 = c % 5 * outCols;
            int r3 = (c + 1) % 5 * outCols;
            int r4 = (c + 2) % 5 * outCols;
            int d = (m - c0) * outCols;
            for (int j = 0; j < outCols; j++) {
                float t = ring[r0 + j];
                t += ring[r1 + j] * 4;
                t += ring[r2 + j] * 6;
                t += ring[r3 + j] * 4;
                t += ring[r4 + j];
                bl[d + j] = t * 0.0625f;
            }
        }
        int n = (m1 - m0) * outCols;
        blurred1 = bl;
        dx1 = new float[n];
        dy1 = new float[n];
        Vision.sobelRows(bl, c0, outRows, outCols, m0, m1, dx1, dy1);
    }
}

// The row-summed squared gradients of frame 1, columns first .. last-1:
// column sums, feature strength and the strongest pixels.
class Column {
    flag process;
    flag submit;

    int band;       // 0 .. bands-1, left to right
    float[] xx;     // rows x (last - first), row-major
    float[] xy;
    float[] yy;
    int rows;
    int cols;       // the whole image's
    int first;
    int last;
    int win;
    int nFea;
    // The (at most nFea) strongest pixels of these columns, strongest
    // first (ties in row-major order).
    float[] bx;
    float[] by;
    float[] bs;
    int found;

    Column(int band, float[] xx, float[] xy, float[] yy, int rows, int cols, int first, int last,
           int win, int nFea) {
        this.band = band;
        this.xx = xx;
        this.xy = xy;
        this.yy = yy;
        this.rows = rows;
        this.cols = cols;
        this.first = first;
        this.last = last;
        this.win = win;
        this.nFea = nFea;
    }

    void process() {
        int rows = this.rows;
        int cols = this.cols;
        int first = this.first;
        int last = this.last;
        int win = this.win;
        int nFea = this.nFea;
        float[] xx = this.xx;
        float[] xy = this.xy;
        float[] yy = this.yy;
        int w = last - first;
        Vision.columnSums(xx, rows, w, win);
        Vision.columnSums(xy, rows, w, win);
        Vision.columnSums(yy, rows, w, win);
        // tracking.c keeps the nFea pixels with lambda > 0 that come first
        // by strength, ties in row-major order, and so does this. The
        // pixels come in row-major order, so a pixel beats a kept one only
        // by being strictly stronger. Candidates stronger than `floor` go
        // to a buffer of room for a few nFea; when it is full, the nFea
        // strongest are selected to its front, the rest dropped, and
        // `floor` rises to the weakest kept one: a pixel no stronger cannot
        // be among the nFea strongest any more. This costs a few
        // comparisons per candidate, where a heap of the nFea best took a
        // sift down per candidate: two hard-to-predict comparisons for each
        // of its nine levels.
        int j0 = Math.max(win, first);
        int j1 = Math.min(cols - win, last);
        // No more room than the band has pixels (nor an overflow).
        int pixels = Math.max(0, rows - 2 * win) * Math.max(0, j1 - j0);
        int room = Vision.CANDIDATE_ROOM * nFea;
        if (nFea > pixels / Vision.CANDIDATE_ROOM) {
            room = pixels;
        }
        float[] cs = new float[room];
        int[] cp = new int[room];   // row-major position i * cols + j
        int size = 0;
        float floor = 0.0f;
        for (int i = win; i < rows - win; i++) {
            for (int j = j0; j < j1; j++) {
                int p = i * w + j - first;
                float det = xx[p] * yy[p] - xy[p] * xy[p];
                float tr = xx[p] + yy[p];
                float lambda = (float) (det / (tr + 0.00001));
                if (!(lambda > floor)) {
                    continue;
                }
                if (size == room) {
                    Vision.selectStrongest(cs, cp, size, nFea);
                    size = nFea;
                    floor = cs[0];
                    for (int k = 1; k < nFea; k++) {
                        if (cs[k] < floor) {
                            floor = cs[k];
                        }
                    }
                    if (!(lambda > floor)) {
                        continue;
                    }
                }
                cs[size] = lambda;
                cp[size] = i * cols + j;
                size++;
            }
        }
        if (size > nFea) {
            Vision.selectStrongest(cs, cp, size, nFea);
            size = nFea;
        }
        // A heap of the kept ones, the weakest at the root; weakest out
        // first, into the lists from the back.
        for (int c = size / 2 - 1; c >= 0; c--) {
            Vision.siftDown(cs, cp, size, c, cs[c], cp[c]);
        }
        found = size;
        bx = new float[size];
        by = new float[size];
        bs = new float[size];
        for (int k = size - 1; k >= 0; k--) {
            bs[k] = cs[0];
            by[k] = (float) (cp[0] / cols);
            bx[k] = (float) (cp[0] % cols);
            size--;
            if (size > 0) {
                Vision.siftDown(cs, cp, size, 0, cs[size], cp[size]);
            }
        }
        this.xx = null;
        this.xy = null;
        this.yy = null;
    }
}

// One frame of the clip. Frame f is bound to its own sequence tag, of
// type `odd` or `even` as f is, and, unless it is the last, to frame
// f+1's, of the other type: a group bound to frame f's tag meets frame f
// (the flags `odd` and `last` tell the step tasks which tag is the
// frame's own) and leaves with frame f+1's.
class Frame {
    flag assemble;  // collecting strips
    flag ready;     // the whole pyramid is built: the groups may come
    flag odd;       // the index is odd
    flag first;     // frame 1: features are detected on it
    flag last;      // the last frame

    Params par;
    int index;      // 1 .. frames
    String path;    // the BMP file and where its pixels start
    int offset;
    int strips;
    int merged;
    int visits;     // groups that have tracked into this frame
    // Level 0 (full size) and level 1 (half size) of the pyramid.
    Picture blur0;
    Picture dx0;
    Picture dy0;
    Picture blur1;
    Picture dx1;
    Picture dy1;
    // Frame 1: row sums of dX·dX, dX·dY, dY·dY: per strip, its arrays
    // per column band (Strip.xx).
    float[][][] xx;
    float[][][] xy;
    float[][][] yy;

    Frame(Params par, int index) {
        this.par = par;
        this.index = index;
    }

    // Reads the frame's header and makes its pictures; returns the number
    // of strips to cut it into (Strip(f, g) is strip g).
    int load() {
        path = par.dir + "/" + index + ".bmp";
        byte[] head = Vision.readBmpHeader(path);
        offset = Vision.le32(head, 10);
        int cols = Vision.le32(head, 18);
        int rows = Vision.le32(head, 22);
        strips = Math.min(par.pieces, rows);
        merged = 0;
        int outRows = (rows + 1) / 2;
        int outCols = (cols + 1) / 2;
        blur0 = new Picture(rows, cols);
        dx0 = new Picture(rows, cols);
        dy0 = new Picture(rows, cols);
        blur1 = new Picture(outRows, outCols);
        dx1 = new Picture(outRows, outCols);
        dy1 = new Picture(outRows, outCols);
        if (index == 1) {
            xx = new float[strips][][];
            xy = new float[strips][][];
            yy = new float[strips][][];
        }
        return strips;
    }

    // Takes one strip's rows of both levels over; true when every strip
    // has been merged.
    boolean merge(Strip p) {
        int first = p.first;
        int last = p.last;
        blur0.place(p.blurred, p.b0, first, last);
        dx0.place(p.dx, first, first, last);
        dy0.place(p.dy, first, first, last);
        blur1.place(p.blurred1, p.c0, p.m0, p.m1);
        dx1.place(p.dx1, p.m0, p.m0, p.m1);
        dy1.place(p.dy1, p.m0, p.m0, p.m1);
        if (xx != null) {
            xx[p.piece] = p.xx;
            xy[p.piece] = p.xy;
            yy[p.piece] = p.yy;
        }
        p.blurred = null;
        p.dx = null;
        p.dy = null;
        p.xx = null;
        p.xy = null;
        p.yy = null;
        p.blurred1 = null;
        p.dx1 = null;
        p.dy1 = null;
        merged++;
        return merged == strips;
    }

    // Frame 1: the Detector, bound to q (this frame's own tag, for the
    // groups it will make), and its Columns, each with a copy of its
    // columns of the row sums (the strips computed them cut by band, so
    // each strip's part is one block to copy). The Detector is also bound to p, the pass's
    // tag, for the Groups it will make.
    void splitColumns(tag q, tag p) {
        int rows = blur0.rows;
        int cols = blur0.cols;
        int bands = Math.min(par.pieces, cols);
        tag d = new tag(detect);
        Detector det = new Detector(par.copy(), bands) { collecting := true, add d, add q, add p };
        for (int g = 0; g < bands; g++) {
            int first = cols * g / bands;
            int last = cols * (g + 1) / bands;
            int w = last - first;
            float[] cx = new float[rows * w];
            float[] cy = new float[rows * w];
            float[] cz = new float[rows * w];
            for (int s = 0; s < strips; s++) {
                // Strip s's rows of band g are one block, in place.
                int at = rows * s / strips * w;
                int n = (rows * (s + 1) / strips - rows * s / strips) * w;
                System.arraycopy(xx[s][g], 0, cx, at, n);
                System.arraycopy(xy[s][g], 0, cy, at, n);
                System.arraycopy(yy[s][g], 0, cz, at, n);
            }
            Column c = new Column(g, cx, cy, cz, rows, cols, first, last, par.win, par.nFea) { process := true, add d };
        }
        xx = null;
        xy = null;
        yy = null;
    }

    // A group has tracked into this frame; true when all have.
    boolean visited() {
        visits++;
        return visits == par.pieces;
    }
}

// Merges the Columns' candidates of frame 1 into the features.
class Detector {
    flag collecting;

    Params par;
    int bands;
    int merged;
    float[][] bx;   // per column band, its candidates
    float[][] by;
    float[][] bs;
    int[] found;

    Detector(Params par, int bands) {
        this.par = par;
        this.bands = bands;
        this.merged = 0;
        bx = new float[bands][];
        by = new float[bands][];
        bs = new float[bands][];
        found = new int[bands];
    }

    // Takes one band's candidates; true when every band is in.
    boolean merge(Column c) {
        int g = c.band;
        int n = c.found;
        bx[g] = new float[n];
        by[g] = new float[n];
        bs[g] = new float[n];
        System.arraycopy(c.bx, 0, bx[g], 0, n);
        System.arraycopy(c.by, 0, by[g], 0, n);
        System.arraycopy(c.bs, 0, bs[g], 0, n);
        found[g] = n;
        c.bx = null;
        c.by = null;
        c.bs = null;
        merged++;
        return merged == bands;
    }

    // The nFea strongest of all candidates (ties in row-major order, as
    // one scan of the whole image finds them), non-maximum suppression,
    // and the kept features split into `pieces` Groups bound to q (frame
    // 1's tag) and to p (the pass's tag).
    void select(tag q, tag p) {
        int nFea = par.nFea;
        float[] fx = new float[nFea];
        float[] fy = new float[nFea];
        int[] head = new int[bands];
        for (int k = 0; k < nFea; k++) {
            int best = -1;
            for (int g = 0; g < bands; g++) {
                if (head[g] < found[g] && (best < 0 || Vision.before(
                        bs[g][head[g]], by[g][head[g]], bx[g][head[g]],
                        bs[best][head[best]], by[best][head[best]], bx[best][head[best]]))) {
                    best = g;
                }
            }
            if (best < 0) {
                fx[k] = -1.0f;
                fy[k] = -1.0f;
            } else {
                fx[k] = bx[best][head[best]];
                fy[k] = by[best][head[best]];
                head[best]++;
            }
        }
        float[][] kept = Vision.suppress(fx, fy, nFea);
        int count = kept[0].length;
        int groups = par.pieces;
        for (int g = 0; g < groups; g++) {
            int first = count * g / groups;
            int last = count * (g + 1) / groups;
            float[] xs = new float[last - first];
            float[] ys = new float[last - first];
            System.arraycopy(kept[0], first, xs, 0, last - first);
            System.arraycopy(kept[1], first, ys, 0, last - first);
            Group gr = new Group(par.copy(), g, xs, ys) { waiting := true, add q, add p };
        }
        bx = null;
        by = null;
        bs = null;
    }
}

// Features first .. of the clip's features, tracked frame by frame.
class Group {
    flag waiting;   // bound to the tag of the next frame to track into
    flag finished;  // tracked through the last frame

    Params par;
    int id;         // 0 .. pieces-1
    int count;      // features still tracked
    float[] xs;
    float[] ys;
    // Per feature k, from the previous frame: whether its windows lie
    // inside that frame at both levels, and the windows of that frame's
    // blurred image (level 1, level 0) around it, from index k * 4win²
    // (on frame 1 one feature's at a time, from 0).
    boolean[] inside;
    float[] ip1;
    float[] ip0;
    int rows1;      // the previous frame's size at levels 1 and 0
    int cols1;
    int rows0;
    int cols0;
    float[] ix;     // scratch windows
    float[] iy;
    float[] jp;

    Group(Params par, int id, float[] xs, float[] ys) {
        this.par = par;
        this.id = id;
        this.xs = xs;
        this.ys = ys;
        this.count = xs.length;
        int n = 4 * par.win * par.win;
        inside = new boolean[count];
        ip1 = new float[n];
        ip0 = new float[n];
        ix = new float[n];
        iy = new float[n];
        jp = new float[n];
    }

    // Tracks every feature into f (frame 1: from itself, taking each
    // feature's windows just before), drops the lost ones, and keeps f's
    // windows around the survivors for the next frame.
    void step(Frame f) {
        int n = 4 * par.win * par.win;
        int kept = 0;
        for (int k = 0; k < count; k++) {
            boolean ok;
            if (f.index == 1) {
                ok = window(f, k, 0) && track(f, k, 0);
            } else {
                ok = inside[k] && track(f, k, k * n);
            }
            if (ok) {
                xs[kept] = xs[k];
                ys[kept] = ys[k];
                kept++;
            }
        }
        count = kept;
        if (f.index < par.frames) {
            if (ip0.length < count * n) {
                ip1 = new float[count * n];
                ip0 = new float[count * n];
            }
            for (int k = 0; k < count; k++) {
                inside[k] = window(f, k, k * n);
            }
        }
    }

    // The blurred windows of f around feature k into ip1 and ip0 from
    // index at, taken where tracking.c's track starts each level; false
    // when one does not lie inside f (the feature is then lost).
    boolean window(Frame f, int k, int at) {
        int win = par.win;
        rows1 = f.blur1.rows;
        cols1 = f.blur1.cols;
        rows0 = f.blur0.rows;
        cols0 = f.blur0.cols;
        float x = xs[k] * 0.25f;
        float y = ys[k] * 0.25f;
        x += x;
        y += y;
        if (x - win < 0 || y - win < 0 || y + win + 1 >= rows1 || x + win + 1 >= cols1) {
            return false;
        }
        Vision.patch(f.blur1, x, y, win, ip1, at);
        x += x;
        y += y;
        if (x - win < 0 || y - win < 0 || y + win + 1 >= rows0 || x + win + 1 >= cols0) {
            return false;
        }
        Vision.patch(f.blur0, x, y, win, ip0, at);
        return true;
    }

    // Pyramidal Lucas-Kanade of feature k from the previous frame, whose
    // windows are at index at, into cur; writes the new position and
    // returns true, or false if lost.
    boolean track(Frame cur, int k, int at) {
        int win = par.win;
        int iters = par.iters;
        int n = 4 * win * win;
        float[] ix = this.ix;
        float[] iy = this.iy;
        float[] jp = this.jp;
        float x = xs[k] * 0.25f;
        float y = ys[k] * 0.25f;
        float dX = 0.0f;
        float dY = 0.0f;
        for (int level = 1; level >= 0; level--) {
            x += x;
            y += y;
            dX += dX;
            dY += dY;
            float[] ip = level == 0 ? ip0 : ip1;
            Picture curBlur = level == 0 ? cur.blur0 : cur.blur1;
            int rows = level == 0 ? rows0 : rows1;
            int cols = level == 0 ? cols0 : cols1;
            Vision.patch(level == 0 ? cur.dx0 : cur.dx1, x, y, win, ix, 0);
            Vision.patch(level == 0 ? cur.dy0 : cur.dy1, x, y, win, iy, 0);
            float cxx = 0.0f;
            float cxy = 0.0f;
            float cyy = 0.0f;
            for (int q = 0; q < n; q++) {
                cxx += ix[q] * ix[q];
                cxy += ix[q] * iy[q];
                cyy += iy[q] * iy[q];
            }
            float det = cxx * cyy - cxy * cxy;
            float tr = cxx + cyy;
            if (det / (tr + 0.00001) < Vision.ACCURACY) {
                return false;
            }
            det = 1 / det;
            for (int it = 0; it < iters; it++) {
                if (x + dX - win < 0 || y + dY - win < 0 || y + dY + win + 1 >= rows
                    || x + dX + win + 1 >= cols) {
                    return false;
                }
                Vision.patch(curBlur, x + dX, y + dY, win, jp, 0);
                float ex = 0.0f;
                float ey = 0.0f;
                for (int q = 0; q < n; q++) {
                    float diff = ip[at + q] - jp[q];
                    ex += diff * ix[q];
                    ey += diff * iy[q];
                }
                float mx = det * (ex * cyy - ey * cxy);
                float my = det * (-ex * cxy + ey * cxx);
                dX += mx;
                dY += my;
                if (mx * mx + my * my < Vision.ACCURACY) {
                    break;
                }
            }
        }
        xs[k] += dX;
        ys[k] += dY;
        return true;
    }
}

// The image and tracking kernels (tracking.c's functions, same arithmetic,
// on strips and bands of the image).
class Vision {
    static final float SUPPRESSION_RADIUS = 10.0f;
    static final float ACCURACY = 0.03f;
    // A column band's candidate buffer holds this many times nFea pixels.
    static final int CANDIDATE_ROOM = 4;

    // The header of a 24-bit BMP file (bottom-up rows), with the file
    // checked to hold all its pixels.
    static byte[] readBmpHeader(String path) {
        byte[] b = Files.readBytes(path, 0, 54);
        if (b.length < 54 || b[0] != 'B' || b[1] != 'M') {
            System.out.println(path + ": not a BMP file");
            System.exit(1);
        }
        int offset = le32(b, 10);
        int cols = le32(b, 18);
        int rows = le32(b, 22);
        int bits = (b[28] & 0xFF) | (b[29] & 0xFF) << 8;
        if (rows <= 0 || cols <= 0 || bits != 24) {
            System.out.println(path + ": not a bottom-up 24-bit BMP");
            System.exit(1);
        }
        if (offset + (long) rows * cols * 3 > Files.size(path)) {
            System.out.println(path + ": truncated BMP file");
            System.exit(1);
        }
        return b;
    }

    static int le32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16
            | (b[at + 3] & 0xFF) << 24;
    }

    // Sobel gradients of rows first .. last-1 of a rows x cols image whose
    // blurred rows b0 .. min(rows, last+1)-1 are in bl (b0 = max(0,
    // first-1)): dX is [1 0 -1]/2 along the row, then [1 2 1]/4 down the
    // column; dY is [1 0 -1]/2 down the column, then [1 2 1]/4 along the
    // row; the one-pixel border is 0.
    static void sobelRows(float[] bl, int b0, int rows, int cols, int first, int last,
                          float[] dx, float[] dy) {
        // dX: the row differences of rows i-1, i and i+1 (up, mid, down;
        // each row's computed once) filtered down the column.
        int end = Math.min(rows - 1, last);
        int start = Math.max(1, first);
        float[] up = new float[cols];
        float[] mid = new float[cols];
        float[] down = new float[cols];
        rowDifferences(bl, b0, rows, cols, start - 1, up);
        rowDifferences(bl, b0, rows, cols, start, mid);
        for (int i = start; i < end; i++) {
            rowDifferences(bl, b0, rows, cols, i + 1, down);
            int d = (i - first) * cols;
            for (int j = 1; j < cols - 1; j++) {
                float t = up[j];
                t += mid[j] * 2;
                t += down[j];
                dx[d + j] = t * 0.25f;
            }
            float[] spare = up;
            up = mid;
            mid = down;
            down = spare;
        }
        // dY: the column differences g (0 on the border columns) filtered
        // along the row, each g computed once (prev, here, next).
        for (int i = Math.max(1, first); i < end && cols > 2; i++) {
            int s = (i - b0) * cols;
            int d = (i - first) * cols;
            float prev = 0.0f;
            float here = (bl[s - cols + 1] - bl[s + cols + 1]) * 0.5f;
            for (int j = 1; j < cols - 1; j++) {
                float next = 0.0f;
                if (j + 1 < cols - 1) {
                    next = (bl[s - cols + j + 1] - bl[s + cols + j + 1]) * 0.5f;
                }
                float u = prev;
                u += here * 2;
                u += next;
                dy[d + j] = u * 0.25f;
                prev = here;
                here = next;
            }
        }
    }

    // Row r of the horizontal blur pass ([1 4 6 4 1]/16 along the row; 0
    // on the two-pixel border) into ring row r % 5, from the green
    // channel of the BMP rows in `in`, whose first is the file row of
    // image row t1-1 (BMP rows are bottom-up).
    static void blurRow(byte[] in, int t1, int rows, int cols, int r, float[] ring) {
        int d = r % 5 * cols;
        if (r < 2 || r >= rows - 2) {
            for (int j = 2; j < cols - 2; j++) {
                ring[d + j] = 0.0f;
            }
            return;
        }
        int s = (t1 - 1 - r) * cols * 3 + 1;
        for (int j = 2; j < cols - 2; j++) {
            int p = s + 3 * j;
            float t = (float) (in[p - 6] & 0xFF);
            t += (float) (in[p - 3] & 0xFF) * 4;
            t += (float) (in[p] & 0xFF) * 6;
            t += (float) (in[p + 3] & 0xFF) * 4;
            t += (float) (in[p + 6] & 0xFF);
            ring[d + j] = t * 0.0625f;
        }
    }

    // Level-0 row r of level 1's horizontal pass ([1 4 6 4 1]/16 at every
    // other pixel; 0 on the two-pixel border rows) into ring row r % 5;
    // src holds level-0 rows s0 ...
    static void halfRow(float[] src, int s0, int rows, int cols, int outCols, int r, float[] ring) {
        int m = r % 5 * outCols;
        if (r < 2 || r >= rows - 2) {
            for (int j = 2; j < cols - 2; j += 2) {
                ring[m] = 0.0f;
                m++;
            }
            return;
        }
        int s = (r - s0) * cols;
        for (int j = 2; j < cols - 2; j += 2) {
            float t = src[s + j - 2];
            t += src[s + j - 1] * 4;
            t += src[s + j] * 6;
            t += src[s + j + 1] * 4;
            t += src[s + j + 2];
            ring[m] = t * 0.0625f;
            m++;
        }
    }

    // Row i's [1 0 -1]/2 differences along the row into line (0 on the
    // border: the first and last row and column); bl holds rows b0 ...
    static void rowDifferences(float[] bl, int b0, int rows, int cols, int i, float[] line) {
        if (i < 1 || i >= rows - 1) {
            for (int j = 1; j < cols - 1; j++) {
                line[j] = 0.0f;
            }
            return;
        }
        int d = (i - b0) * cols;
        for (int j = 1; j < cols - 1; j++) {
            line[j] = (bl[d + j - 1] - bl[d + j + 1]) * 0.5f;
        }
    }

    // The first half of tracking.c's window sums, of the products dX·dX,
    // dX·dY and dY·dY of a rows x cols strip's gradients: running sums
    // along each row (rows are independent), written cut by column bands:
    // sxx[g] holds band g's columns cols*g/bands .. cols*(g+1)/bands-1
    // (rows x band width, row-major).
    static void squaredRowSums(float[] gx, float[] gy, int rows, int cols, int win,
                               float[][] sxx, float[][] sxy, float[][] syy) {
        int half = (win + 1) / 2;
        int bands = sxx.length;
        float[] lxx = new float[cols + win];
        float[] lxy = new float[cols + win];
        float[] lyy = new float[cols + win];
        for (int i = 0; i < rows; i++) {
            int r = i * cols;
            for (int j = 0; j < cols; j++) {
                float a = gx[r + j];
                float b = gy[r + j];
                lxx[j + half] = a * a;
                lxy[j + half] = a * b;
                lyy[j + half] = b * b;
            }
            float sx = 0.0f;
            float sy = 0.0f;
            float sz = 0.0f;
            for (int k = 0; k < win; k++) {
                sx += lxx[k];
                sy += lxy[k];
                sz += lyy[k];
            }
            for (int g = 0; g < bands; g++) {
                int first = cols * g / bands;
                int last = cols * (g + 1) / bands;
                float[] ox = sxx[g];
                float[] oy = sxy[g];
                float[] oz = syy[g];
                int d = i * (last - first) - first;
                for (int j = first; j < last; j++) {
                    ox[d + j] = sx;
                    oy[d + j] = sy;
                    oz[d + j] = sz;
                    sx += lxx[j + win] - lxx[j];
                    sy += lxy[j + win] - lxy[j];
                    sz += lyy[j + win] - lyy[j];
                }
            }
        }
    }

    // The second half: running sums down each column of a rows x cols
    // image or band (in place; columns are independent).
    static void columnSums(float[] im, int rows, int cols, int win) {
        int half = (win + 1) / 2;
        float[] line = new float[rows + win];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                line[i + half] = im[i * cols + j];
            }
            float sum = 0.0f;
            for (int k = 0; k < win; k++) {
                sum += line[k];
            }
            for (int i = 0; i < rows; i++) {
                im[i * cols + j] = sum;
                sum += line[i + win] - line[i];
            }
        }
    }

    // Whether pixel a (strength, row-major position) comes after pixel b:
    // weaker, or as strong and later.
    static boolean weaker(float as, int ap, float bs, int bp) {
        return as < bs || (as == bs && ap > bp);
    }

    // Puts (s, p) at entry c of the heap hs/hp of `size` entries (the
    // weakest at the root), whose subtrees below c are heaps, and sifts it
    // down.
    static void siftDown(float[] hs, int[] hp, int size, int c, float s, int p) {
        while (true) {
            int down = 2 * c + 1;
            if (down >= size) {
                break;
            }
            if (down + 1 < size && weaker(hs[down + 1], hp[down + 1], hs[down], hp[down])) {
                down++;
            }
            if (!weaker(hs[down], hp[down], s, p)) {
                break;
            }
            hs[c] = hs[down];
            hp[c] = hp[down];
            c = down;
        }
        hs[c] = s;
        hp[c] = p;
    }

    // Moves the `keep` strongest of the `size` pixels hs/hp (strength,
    // row-major position; ties in row-major order) to the front, in no
    // particular order (quickselect, the middle entry as pivot).
    static void selectStrongest(float[] hs, int[] hp, int size, int keep) {
        int lo = 0;
        int hi = size;
        while (hi - lo > 1) {
            // Lomuto partition of [lo, hi): stronger than the pivot first.
            int mid = lo + (hi - lo) / 2;
            swap(hs, hp, mid, hi - 1);
            float ps = hs[hi - 1];
            int pp = hp[hi - 1];
            int store = lo;
            for (int k = lo; k < hi - 1; k++) {
                if (weaker(ps, pp, hs[k], hp[k])) {
                    swap(hs, hp, k, store);
                    store++;
                }
            }
            swap(hs, hp, store, hi - 1);
            if (store == keep || store + 1 == keep) {
                return;
            }
            if (store < keep) {
                lo = store + 1;
            } else {
                hi = store;
            }
        }
    }

    // Swaps entries a and b of hs/hp.
    static void swap(float[] hs, int[] hp, int a, int b) {
        float s = hs[a];
        hs[a] = hs[b];
        hs[b] = s;
        int p = hp[a];
        hp[a] = hp[b];
        hp[b] = p;
    }

    // Whether candidate a (strength, row, column) comes before b: stronger,
    // or as strong and earlier in row-major order.
    static boolean before(float as, float ay, float ax, float bs, float by, float bx) {
        if (as != bs) {
            return as > bs;
        }
        return ay < by || (ay == by && ax < bx);
    }

    // Non-maximum suppression: in order, a feature is kept unless it lies
    // within SUPPRESSION_RADIUS of a kept one. Returns {xs, ys}.
    static float[][] suppress(float[] bx, float[] by, int nFea) {
        float[] kx = new float[nFea];
        float[] ky = new float[nFea];
        int kept = 0;
        float rSq = SUPPRESSION_RADIUS * SUPPRESSION_RADIUS;
        for (int k = 0; k < nFea; k++) {
            boolean suppressed = false;
            for (int m = 0; m < kept && !suppressed; m++) {
                float ddx = bx[k] - kx[m];
                float ddy = by[k] - ky[m];
                suppressed = ddx * ddx + ddy * ddy <= rSq;
            }
            if (!suppressed) {
                kx[kept] = bx[k];
                ky[kept] = by[k];
                kept++;
            }
        }
        float[][] result = new float[2][kept];
        System.arraycopy(kx, 0, result[0], 0, kept);
        System.arraycopy(ky, 0, result[1], 0, kept);
        return result;
    }

    // The 2win x 2win patch around (cx, cy), bilinearly interpolated, into
    // dst from index at.
    static void patch(Picture src, float cx, float cy, int win, float[] dst, int at) {
        float fx = Math.floorf(cx);
        float fy = Math.floorf(cy);
        float a = cx - fx;
        float b = cy - fy;
        float a11 = (1 - a) * (1 - b);
        float a12 = a * (1 - b);
        float a21 = (1 - a) * b;
        float a22 = a * b;
        int x0 = (int) fx;
        int y0 = (int) fy;
        float[][] part = src.part;
        int[] rowAt = src.at;
        int d = at;
        // Each output row reads image rows r and r+1 (which may lie in
        // different strips' arrays).
        int r = y0 - win;
        float[] below = part[r];
        int t = rowAt[r] + x0 - win;
        int width = 2 * win;
        for (int i = -win; i < win; i++) {
            float[] above = below;
            int s = t;
            r++;
            below = part[r];
            t = rowAt[r] + x0 - win;
            for (int j = 0; j < width; j++) {
                dst[d + j] = above[s + j] * a11 + above[s + j + 1] * a12 + below[t + j] * a21
                    + below[t + j + 1] * a22;
            }
            d += width;
        }
    }
}

// One pass's tracked features, collected from its groups.
class Result {
    flag open;      // groups still to come
    flag complete;  // every group is in

    int pass;       // 1 .. repeat
    int groups;
    int groupsIn;
    float[][] gx;   // per group, its tracked features
    float[][] gy;

    Result(int pass, int groups) {
        this.pass = pass;
        this.groups = groups;
        gx = new float[groups][];
        gy = new float[groups][];
    }

    // Takes a group's features; true when every group is in.
    boolean collect(Group g) {
        gx[g.id] = new float[g.count];
        gy[g.id] = new float[g.count];
        System.arraycopy(g.xs, 0, gx[g.id], 0, g.count);
        System.arraycopy(g.ys, 0, gy[g.id], 0, g.count);
        groupsIn++;
        return groupsIn == groups;
    }

    // The features in group order: x coordinates, then y coordinates.
    String report() {
        StringBuilder sb = new StringBuilder();
        for (int g = 0; g < groups; g++) {
            for (int k = 0; k < gx[g].length; k++) {
                sb.append(gx[g][k]);
                sb.append('\t');
            }
        }
        sb.append('\n');
        for (int g = 0; g < groups; g++) {
            for (int k = 0; k < gy[g].length; k++) {
                sb.append(gy[g][k]);
                sb.append('\t');
            }
        }
        return sb.toString();
    }
}

// The passes over the clip. Passes overlap: `window` passes are under way
// at a time (they share nothing but the Clip, which only counts them), and
// each pass that completes starts the next while passes are left to start
// (nextPass); then the Clip drains the last ones (finishPass). The two
// tasks keep the passes that start none at the end apart from those that
// do: the simulator picks an exit by the profiled ratios of the task's
// exits, so an exit of nextPass that started no pass would be taken all
// along the run, each time leaving one pass fewer under way.
class Clip {
    flag starting;  // passes are left to start
    flag draining;  // every pass has started; some are under way
    flag filling;   // the window has room for more passes than have started

    Params par;
    int repeat;
    int window;     // passes under way at a time
    int started;    // passes started, 1 .. repeat
    int done;       // passes complete
    String output;  // the last pass's features, once complete

    Clip(Params par, int repeat, int window) {
        this.par = par;
        this.repeat = repeat;
        this.window = window;
    }

    // Whether the window has room for another pass.
    boolean room() {
        return started < repeat && started < window;
    }

    // Pass r is complete (keeps its features if it is the last); true when
    // every pass is complete.
    boolean complete(Result r) {
        done++;
        if (r.pass == repeat) {
            output = r.report();
        }
        return done == repeat;
    }

    // Whether every pass has started.
    boolean allStarted() {
        return started == repeat;
    }

    // Starts the next pass: an Opening, which reads and cuts its frames
    // when it begins (task `begin`), so that passes started together do
    // not all hold their pictures at once: on one core the newest begins
    // and runs to its end before the next begins. A pass of the first
    // window opens a lane (task `open`).
    void startPass() {
        started++;
        new Opening(par.copy(), started) { fresh := true, first := true };
    }

    // Starts the next pass in lane l, which a complete pass leaves.
    void startPass(tag l) {
        started++;
        new Opening(par.copy(), started) { fresh := true, add l };
    }
}

// A started pass, before its frames are read.
class Opening {
    flag fresh;
    flag first;     // of the first window: has no lane yet

    Params par;
    int pass;       // 1 .. repeat

    Opening(Params par, int pass) {
        this.par = par;
        this.pass = pass;
    }

    // Allocates the pass's Result and its frames, two at a time (odd,
    // even), with their tags; the Result and frame 1 are bound to the
    // pass's own tag. Each frame is read and cut into strips here, so that
    // one core sends all of the pass's strips out: its round-robin spreads
    // them over the cores (a load task per frame, each on its own core,
    // sent each frame's strips to the same few cores as every other load).
    void begin(tag l) {
        tag p = new tag(pass);
        Result r = new Result(pass, par.pieces) { open := true, add p, add l };
        int frames = par.frames;
        tag o = new tag(odd);
        for (int f = 1; f <= frames; f += 2) {
            tag t = new tag(frame);
            Frame fo;
            if (f == frames && f == 1) {
                fo = new Frame(par.copy(), f) { assemble := true, odd := true, first := true, last := true, add t, add o, add p };
                for (int g = 0, n = fo.load(); g < n; g++) {
                    new Strip(fo, g) { process := true, add t };
                }
                break;
            }
            if (f == frames) {
                fo = new Frame(par.copy(), f) { assemble := true, odd := true, last := true, add t, add o };
                for (int g = 0, n = fo.load(); g < n; g++) {
                    new Strip(fo, g) { process := true, add t };
                }
                break;
            }
            tag e = new tag(even);
            // (Each frame's strips are made by their own statement: the
            // simulator binds the objects of one allocation site together.)
            if (f == 1) {
                fo = new Frame(par.copy(), f) { assemble := true, odd := true, first := true, add t, add o, add e, add p };
                for (int g = 0, n = fo.load(); g < n; g++) {
                    new Strip(fo, g) { process := true, add t };
                }
            } else {
                fo = new Frame(par.copy(), f) { assemble := true, odd := true, add t, add o, add e };
                for (int g = 0, n = fo.load(); g < n; g++) {
                    new Strip(fo, g) { process := true, add t };
                }
            }
            tag u = new tag(frame);
            Frame fe;
            if (f + 1 == frames) {
                fe = new Frame(par.copy(), f + 1) { assemble := true, last := true, add u, add e };
                for (int g = 0, n = fe.load(); g < n; g++) {
                    new Strip(fe, g) { process := true, add u };
                }
                break;
            }
            o = new tag(odd);
            fe = new Frame(par.copy(), f + 1) { assemble := true, add u, add e, add o };
            for (int g = 0, n = fe.load(); g < n; g++) {
                new Strip(fe, g) { process := true, add u };
            }
        }
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 5) {
        System.out.println("usage: tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT [PIECES [WINDOW]]]");
        taskexit(s: initialstate := false);
    }
    int win = Integer.parseInt(s.args[1]);
    int nFea = Integer.parseInt(s.args[2]);
    int iters = Integer.parseInt(s.args[3]);
    int frames = Integer.parseInt(s.args[4]);
    int repeat = 1;
    if (s.args.length > 5) {
        repeat = Integer.parseInt(s.args[5]);
    }
    int pieces = 8;
    if (s.args.length > 6) {
        pieces = Integer.parseInt(s.args[6]);
    }
    int window = 16;
    if (s.args.length > 7) {
        window = Integer.parseInt(s.args[7]);
    }
    if (win < 1 || nFea < 1 || iters < 0 || frames < 1 || repeat < 1 || pieces < 1 || window < 1) {
        System.out.println("WINSZ, N_FEA, FRAMES, REPEAT, PIECES and WINDOW must be positive");
        taskexit(s: initialstate := false);
    }
    Params par = new Params(s.args[0], win, nFea, iters, frames, pieces);
    if (repeat == 1) {
        Clip c = new Clip(par, repeat, window) { draining := true };
        c.startPass();
        taskexit(s: initialstate := false);
    }
    if (window > 1) {
        Clip c = new Clip(par, repeat, window) { starting := true, filling := true };
        c.startPass();
        taskexit(s: initialstate := false);
    }
    Clip c = new Clip(par, repeat, window) { starting := true };
    c.startPass();
    taskexit(s: initialstate := false);
}

// Fills the window: one pass per invocation (so that each exit that
// starts passes starts one, as the exits of nextPass do).
task fill(Clip c in starting and filling) {
    c.startPass();
    if (c.allStarted()) {
        taskexit(c: filling := false, starting := false, draining := true);
    }
    if (c.room()) {
        taskexit(c: filling := true);
    }
    taskexit(c: filling := false);
}

// A lane for an Opening of the first window, made on the core that opens it.
task open(Opening o in fresh and first) {
    tag l = new tag(lane);
    taskexit(o: first := false, add l);
}

task begin(Opening o in fresh and !first with lane l) {
    o.begin(l);
    taskexit(o: fresh := false, clear l);
}

task blur(Strip p in process with frame t) {
    p.process();
    taskexit(p: process := false, submit := true);
}

task merge(Frame f in assemble and !first with frame t, Strip p in submit with frame t) {
    if (f.merge(p)) {
        taskexit(f: assemble := false, ready := true, clear t; p: submit := false, clear t);
    }
    taskexit(p: submit := false, clear t);
}

task mergeFirst(Frame f in assemble and first with frame t and odd q and pass r, Strip p in submit with frame t) {
    if (f.merge(p)) {
        f.splitColumns(q, r);
        taskexit(f: assemble := false, ready := true, clear t, clear r; p: submit := false, clear t);
    }
    taskexit(p: submit := false, clear t);
}

task strength(Column c in process with detect t) {
    c.process();
    taskexit(c: process := false, submit := true);
}

task select(Detector d in collecting with detect t and odd q and pass p, Column c in submit with detect t) {
    if (d.merge(c)) {
        d.select(q, p);
        taskexit(d: collecting := false, clear t, clear q, clear p; c: submit := false, clear t);
    }
    taskexit(c: submit := false, clear t);
}

// Group g tracks into frame f, which its tag names, and moves on to the
// next frame's tag n; after the last frame it is finished. The frame is
// done once every group has been.
task stepOdd(Group g in waiting with odd t, Frame f in ready and odd and !last with odd t and even n) {
    g.step(f);
    if (f.visited()) {
        taskexit(g: clear t, add n; f: ready := false);
    }
    taskexit(g: clear t, add n);
}

task stepEven(Group g in waiting with even t, Frame f in ready and !odd and !last with even t and odd n) {
    g.step(f);
    if (f.visited()) {
        taskexit(g: clear t, add n; f: ready := false);
    }
    taskexit(g: clear t, add n);
}

task stepLastOdd(Group g in waiting with odd t, Frame f in ready and odd and last with odd t) {
    g.step(f);
    if (f.visited()) {
        taskexit(g: waiting := false, finished := true, clear t; f: ready := false);
    }
    taskexit(g: waiting := false, finished := true, clear t);
}

task stepLastEven(Group g in waiting with even t, Frame f in ready and !odd and last with even t) {
    g.step(f);
    if (f.visited()) {
        taskexit(g: waiting := false, finished := true, clear t; f: ready := false);
    }
    taskexit(g: waiting := false, finished := true, clear t);
}

task gather(Result r in open with pass t, Group g in finished with pass t) {
    if (r.collect(g)) {
        taskexit(r: open := false, complete := true, clear t; g: finished := false, clear t);
    }
    taskexit(g: finished := false, clear t);
}

// A pass is complete while passes are left to start: starts the next in
// its lane. (The last pass cannot be complete yet, so nothing is printed
// here.)
task nextPass(Clip c in starting, Result r in complete with lane l) {
    c.complete(r);
    c.startPass(l);
    if (c.allStarted()) {
        taskexit(c: starting := false, draining := true; r: complete := false, clear l);
    }
    taskexit(r: complete := false, clear l);
}

// A pass is complete after every pass has started; after the last, prints
// the last pass's features.
task finishPass(Clip c in draining, Result r in complete with lane l) {
    if (c.complete(r)) {
        System.out.println(c.output);
        taskexit(c: draining := false; r: complete := false, clear l);
    }
    taskexit(r: complete := false, clear l);
}
