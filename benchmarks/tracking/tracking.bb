// tracking.bb — the Tracking benchmark in Bamboo (SD-VBS feature tracking;
// the same arithmetic as tracking.c, which matches SD-VBS's expected_C.txt).
//
// Usage: tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT [PIECES]]
//   DIR holds 1.bmp .. FRAMES.bmp (24-bit BMP; the green channel is used);
//   the clip is processed REPEAT times (default 1), the output is the last
//   pass's; each frame is cut into PIECES row bands (default 4).
//
// Structure (the paper's Figure 8: image processing on pieces, aggregation,
// feature extraction, feature tracking):
//   startup   reads the parameters and starts the first pass;
//   Clip.startPass  reads every frame and allocates, per frame, a Frame (the
//             aggregate) and PIECES Piece task objects, all bound to one
//             `frame` tag so that pieces merge into their own frame;
//   blur      one piece: blurs its rows and takes their Sobel gradients
//             (rows next to the band are recomputed, not shared);
//   merge     copies a finished piece into its Frame (a tagged pair);
//   pyramid   a complete frame: level 2 of the pyramid and its gradients;
//   collect   hands a ready frame to the Clip, which detects features on
//             frame 1 and tracks them through every frame that is in, in
//             order (frames may arrive in any order); after the last frame
//             it starts the next pass or prints the features.
//
// Output: the tracked features, x coordinates on one line and y
// coordinates on the next, each followed by a tab (as SD-VBS writes them,
// but with Java's float text instead of %f).

// A float image, row-major.
class Picture {
    int rows;
    int cols;
    float[] px;

    Picture(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        this.px = new float[rows * cols];
    }
}

class Piece {
    flag process;   // waiting to be blurred
    flag submit;    // rows ready to be merged into the frame

    Picture input;  // the whole frame (read only)
    int first;      // rows first .. last-1
    int last;
    float[] blurred;   // rows first-1 .. last (clipped to the image)
    int blurredFirst;
    float[] dx;        // rows first .. last-1
    float[] dy;

    Piece(Picture input, int first, int last) {
        this.input = input;
        this.first = first;
        this.last = last;
    }

    // Blur ([1 4 6 4 1]/16, rows then columns) and Sobel gradients of this
    // band, exactly as tracking.c computes them on the whole image.
    void process() {
        int rows = input.rows;
        int cols = input.cols;
        float[] in = input.px;
        // Horizontal blur pass on rows t0 .. t1-1.
        int t0 = Math.max(0, first - 3);
        int t1 = Math.min(rows, last + 3);
        float[] tmp = new float[(t1 - t0) * cols];
        int end = Math.min(rows - 2, t1);
        for (int i = Math.max(2, t0); i < end; i++) {
            int s = i * cols;
            int d = (i - t0) * cols;
            for (int j = 2; j < cols - 2; j++) {
                float t = in[s + j - 2];
                t += in[s + j - 1] * 4;
                t += in[s + j] * 6;
                t += in[s + j + 1] * 4;
                t += in[s + j + 2];
                tmp[d + j] = t * 0.0625f;
            }
        }
        // Vertical blur pass on rows b0 .. b1-1.
        int b0 = Math.max(0, first - 1);
        int b1 = Math.min(rows, last + 1);
        float[] bl = new float[(b1 - b0) * cols];
        end = Math.min(rows - 2, b1);
        for (int i = Math.max(2, b0); i < end; i++) {
            int s = (i - t0) * cols;
            int d = (i - b0) * cols;
            for (int j = 2; j < cols - 2; j++) {
                float t = tmp[s - 2 * cols + j];
                t += tmp[s - cols + j] * 4;
                t += tmp[s + j] * 6;
                t += tmp[s + cols + j] * 4;
                t += tmp[s + 2 * cols + j];
                bl[d + j] = t * 0.0625f;
            }
        }
        blurred = bl;
        blurredFirst = b0;

        // Sobel dX: [1 0 -1]/2 along the row, then [1 2 1]/4 down the column.
        float[] gx = new float[(b1 - b0) * cols];
        end = Math.min(rows - 1, b1);
        for (int i = Math.max(1, b0); i < end; i++) {
            int d = (i - b0) * cols;
            for (int j = 1; j < cols - 1; j++) {
                gx[d + j] = (bl[d + j - 1] - bl[d + j + 1]) * 0.5f;
            }
        }
        // Sobel dY: [1 0 -1]/2 down the column, then [1 2 1]/4 along the row.
        float[] gy = new float[(last - first) * cols];
        end = Math.min(rows - 1, last);
        for (int i = Math.max(1, first); i < end; i++) {
            int s = (i - b0) * cols;
            int d = (i - first) * cols;
            for (int j = 1; j < cols - 1; j++) {
                gy[d + j] = (bl[s - cols + j] - bl[s + cols + j]) * 0.5f;
            }
        }
        dx = new float[(last - first) * cols];
        dy = new float[(last - first) * cols];
        for (int i = Math.max(1, first); i < end; i++) {
            int s = (i - b0) * cols;
            int d = (i - first) * cols;
            for (int j = 1; j < cols - 1; j++) {
                float t = gx[s - cols + j];
                t += gx[s + j] * 2;
                t += gx[s + cols + j];
                dx[d + j] = t * 0.25f;
                float u = gy[d + j - 1];
                u += gy[d + j] * 2;
                u += gy[d + j + 1];
                dy[d + j] = u * 0.25f;
            }
        }
    }
}

class Frame {
    flag assemble;  // collecting pieces
    flag complete;  // every piece in; level 2 still to do
    flag ready;     // the whole pyramid is built

    int index;      // 1 .. FRAMES
    int pieces;
    int merged;
    // Level 0 (full size) and level 1 (half size) of the pyramid.
    Picture blur0;
    Picture dx0;
    Picture dy0;
    Picture blur1;
    Picture dx1;
    Picture dy1;

    Frame(int index, int rows, int cols, int pieces) {
        this.index = index;
        this.pieces = pieces;
        this.merged = 0;
        blur0 = new Picture(rows, cols);
        dx0 = new Picture(rows, cols);
        dy0 = new Picture(rows, cols);
    }

    // Copies one piece's rows in; true when every piece has been merged.
    boolean merge(Piece p) {
        int cols = blur0.cols;
        int n = (p.last - p.first) * cols;
        System.arraycopy(p.blurred, (p.first - p.blurredFirst) * cols, blur0.px, p.first * cols, n);
        System.arraycopy(p.dx, 0, dx0.px, p.first * cols, n);
        System.arraycopy(p.dy, 0, dy0.px, p.first * cols, n);
        p.blurred = null;
        p.dx = null;
        p.dy = null;
        p.input = null;
        merged++;
        return merged == pieces;
    }

    void buildLevel1() {
        blur1 = Vision.halfSize(blur0);
        dx1 = Vision.sobel(blur1, true);
        dy1 = Vision.sobel(blur1, false);
    }
}

// The image and tracking kernels (tracking.c's functions, same arithmetic).
class Vision {
    static final float SUPPRESSION_RADIUS = 10.0f;
    static final float ACCURACY = 0.03f;

    // The green channel of a 24-bit BMP (bottom-up rows).
    static Picture readGreen(String path) {
        byte[] b = Files.readAllBytes(path);
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
        if (offset + rows * cols * 3 > b.length) {
            System.out.println(path + ": truncated BMP file");
            System.exit(1);
        }
        Picture im = new Picture(rows, cols);
        for (int i = 0; i < rows; i++) {
            int s = offset + i * cols * 3 + 1;
            int d = (rows - 1 - i) * cols;
            for (int j = 0; j < cols; j++) {
                im.px[d + j] = (float) (b[s + 3 * j] & 0xFF);
            }
        }
        return im;
    }

    static int le32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16
            | (b[at + 3] & 0xFF) << 24;
    }

    // Level 2 of the pyramid: [1 4 6 4 1]/16 at every other pixel.
    static Picture halfSize(Picture in) {
        int rows = in.rows;
        int cols = in.cols;
        int outCols = (cols + 1) / 2;
        float[] src = in.px;
        float[] tmp = new float[rows * outCols];
        for (int i = 2; i < rows - 2; i++) {
            int s = i * cols;
            int m = i * outCols;
            for (int j = 2; j < cols - 2; j += 2) {
                float t = src[s + j - 2];
                t += src[s + j - 1] * 4;
                t += src[s + j] * 6;
                t += src[s + j + 1] * 4;
                t += src[s + j + 2];
                tmp[m] = t * 0.0625f;
                m++;
            }
        }
        Picture out = new Picture((rows + 1) / 2, outCols);
        int m = 0;
        for (int i = 2; i < rows - 2; i += 2) {
            int s = i * outCols;
            int d = m * outCols;
            for (int j = 0; j < outCols; j++) {
                float t = tmp[s - 2 * outCols + j];
                t += tmp[s - outCols + j] * 4;
                t += tmp[s + j] * 6;
                t += tmp[s + outCols + j] * 4;
                t += tmp[s + 2 * outCols + j];
                out.px[d + j] = t * 0.0625f;
            }
            m++;
        }
        return out;
    }

    // Sobel gradient along the rows (dX) or down the columns (dY).
    static Picture sobel(Picture in, boolean alongX) {
        int rows = in.rows;
        int cols = in.cols;
        int step = alongX ? 1 : cols;     // direction of the difference
        int across = alongX ? cols : 1;   // direction of the smoothing
        float[] src = in.px;
        float[] tmp = new float[rows * cols];
        for (int i = 1; i < rows - 1; i++) {
            for (int j = 1; j < cols - 1; j++) {
                int p = i * cols + j;
                tmp[p] = (src[p - step] - src[p + step]) * 0.5f;
            }
        }
        Picture out = new Picture(rows, cols);
        for (int i = 1; i < rows - 1; i++) {
            for (int j = 1; j < cols - 1; j++) {
                int p = i * cols + j;
                float t = tmp[p - across];
                t += tmp[p] * 2;
                t += tmp[p + across];
                out.px[p] = t * 0.25f;
            }
        }
        return out;
    }

    // Window sums with running sums, rows then columns (in place).
    static void areaSum(float[] im, int rows, int cols, int win) {
        int half = (win + 1) / 2;
        int longest = rows > cols ? rows : cols;
        float[] line = new float[longest + win];
        for (int i = 0; i < rows; i++) {
            int r = i * cols;
            for (int j = 0; j < cols; j++) {
                line[j + half] = im[r + j];
            }
            float sum = 0.0f;
            for (int k = 0; k < win; k++) {
                sum += line[k];
            }
            for (int j = 0; j < cols; j++) {
                im[r + j] = sum;
                sum += line[j + win] - line[j];
            }
        }
        line = new float[longest + win];
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

    // Feature strength, the nFea strongest pixels, non-maximum suppression.
    // Returns {xs, ys} of the kept features, strongest first.
    static float[][] detect(Picture gx, Picture gy, int win, int nFea) {
        int rows = gx.rows;
        int cols = gx.cols;
        int n = rows * cols;
        float[] xx = new float[n];
        float[] xy = new float[n];
        float[] yy = new float[n];
        for (int p = 0; p < n; p++) {
            float a = gx.px[p];
            float b = gy.px[p];
            xx[p] = a * a;
            xy[p] = a * b;
            yy[p] = b * b;
        }
        areaSum(xx, rows, cols, win);
        areaSum(xy, rows, cols, win);
        areaSum(yy, rows, cols, win);

        float[] bx = new float[nFea];
        float[] by = new float[nFea];
        float[] bs = new float[nFea];
        for (int k = 0; k < nFea; k++) {
            bx[k] = -1.0f;
            by[k] = -1.0f;
            bs[k] = 0.0f;
        }
        for (int i = win; i < rows - win; i++) {
            for (int j = win; j < cols - win; j++) {
                int p = i * cols + j;
                float det = xx[p] * yy[p] - xy[p] * xy[p];
                float tr = xx[p] + yy[p];
                float lambda = (float) (det / (tr + 0.00001));
                if (bs[nFea - 1] > lambda) {
                    continue;
                }
                for (int k = 0; k < nFea; k++) {
                    if (bs[k] < lambda) {
                        int moved = nFea - 1 - k;
                        System.arraycopy(bx, k, bx, k + 1, moved);
                        System.arraycopy(by, k, by, k + 1, moved);
                        System.arraycopy(bs, k, bs, k + 1, moved);
                        bx[k] = (float) j;
                        by[k] = (float) i;
                        bs[k] = lambda;
                        break;
                    }
                }
            }
        }

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

    // The 2win x 2win patch around (cx, cy), bilinearly interpolated.
    static void patch(Picture src, float cx, float cy, int win, float[] dst) {
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
        int cols = src.cols;
        float[] px = src.px;
        int d = 0;
        for (int i = -win; i < win; i++) {
            int row = (y0 + i) * cols + x0;
            for (int j = -win; j < win; j++) {
                int s = row + j;
                dst[d] = px[s] * a11 + px[s + 1] * a12 + px[s + cols] * a21 + px[s + 1 + cols] * a22;
                d++;
            }
        }
    }

    // Tracks feature k from prev to cur (pyramidal Lucas-Kanade); writes the
    // new position into xs[k], ys[k] and returns true, or false if lost.
    static boolean track(Frame prev, Frame cur, int win, int iters, float[] xs, float[] ys,
                         int k, float[] ip, float[] ix, float[] iy, float[] jp) {
        int n = 4 * win * win;
        float x = xs[k] * 0.25f;
        float y = ys[k] * 0.25f;
        float dX = 0.0f;
        float dY = 0.0f;
        for (int level = 1; level >= 0; level--) {
            x += x;
            y += y;
            dX += dX;
            dY += dY;
            Picture prevBlur = level == 0 ? prev.blur0 : prev.blur1;
            Picture curBlur = level == 0 ? cur.blur0 : cur.blur1;
            int rows = prevBlur.rows;
            int cols = prevBlur.cols;
            if (x - win < 0 || y - win < 0 || y + win + 1 >= rows || x + win + 1 >= cols) {
                return false;
            }
            patch(prevBlur, x, y, win, ip);
            patch(level == 0 ? cur.dx0 : cur.dx1, x, y, win, ix);
            patch(level == 0 ? cur.dy0 : cur.dy1, x, y, win, iy);
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
            if (det / (tr + 0.00001) < ACCURACY) {
                return false;
            }
            det = 1 / det;
            for (int it = 0; it < iters; it++) {
                if (x + dX - win < 0 || y + dY - win < 0 || y + dY + win + 1 >= rows
                    || x + dX + win + 1 >= cols) {
                    return false;
                }
                patch(curBlur, x + dX, y + dY, win, jp);
                float ex = 0.0f;
                float ey = 0.0f;
                for (int q = 0; q < n; q++) {
                    float diff = ip[q] - jp[q];
                    ex += diff * ix[q];
                    ey += diff * iy[q];
                }
                float mx = det * (ex * cyy - ey * cxy);
                float my = det * (-ex * cxy + ey * cxx);
                dX += mx;
                dY += my;
                if (mx * mx + my * my < ACCURACY) {
                    break;
                }
            }
        }
        xs[k] += dX;
        ys[k] += dY;
        return true;
    }
}

class Clip {
    flag tracking;  // a pass is under way

    String dir;
    int win;
    int nFea;
    int iters;
    int frames;
    int repeat;
    int pieces;
    int pass;       // 1 .. repeat
    Frame[] arrived;   // by index, until tracked
    int next;       // the next frame to track (1 .. frames)
    Frame previous; // the last frame tracked
    float[] xs;
    float[] ys;
    int count;      // features still tracked

    Clip(String dir, int win, int nFea, int iters, int frames, int repeat, int pieces) {
        this.dir = dir;
        this.win = win;
        this.nFea = nFea;
        this.iters = iters;
        this.frames = frames;
        this.repeat = repeat;
        this.pieces = pieces;
        this.pass = 0;
    }

    // Reads every frame and allocates its Frame and pieces.
    void startPass() {
        pass++;
        arrived = new Frame[frames + 1];
        next = 1;
        previous = null;
        for (int f = 1; f <= frames; f++) {
            Picture im = Vision.readGreen(dir + "/" + f + ".bmp");
            int bands = Math.min(pieces, im.rows);
            tag t = new tag(frame);
            Frame fr = new Frame(f, im.rows, im.cols, bands) { assemble := true, add t };
            for (int g = 0; g < bands; g++) {
                int first = im.rows * g / bands;
                int last = im.rows * (g + 1) / bands;
                Piece p = new Piece(im, first, last) { process := true, add t };
            }
        }
    }

    // Takes a ready frame; tracks through every frame now in, in order.
    // True when the pass is over.
    boolean collect(Frame f) {
        arrived[f.index] = f;
        while (next <= frames && arrived[next] != null) {
            Frame cur = arrived[next];
            arrived[next] = null;
            if (next == 1) {
                float[][] found = Vision.detect(cur.dx0, cur.dy0, win, nFea);
                xs = found[0];
                ys = found[1];
                count = xs.length;
                previous = cur;
            }
            int n = 4 * win * win;
            float[] ip = new float[n];
            float[] ix = new float[n];
            float[] iy = new float[n];
            float[] jp = new float[n];
            int kept = 0;
            for (int k = 0; k < count; k++) {
                float x = xs[k];
                float y = ys[k];
                if (Vision.track(previous, cur, win, iters, xs, ys, k, ip, ix, iy, jp)) {
                    xs[kept] = xs[k];
                    ys[kept] = ys[k];
                    kept++;
                }
            }
            count = kept;
            previous = cur;
            next++;
        }
        return next > frames;
    }

    void report() {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < count; k++) {
            sb.append(xs[k]);
            sb.append('\t');
        }
        sb.append('\n');
        for (int k = 0; k < count; k++) {
            sb.append(ys[k]);
            sb.append('\t');
        }
        System.out.println(sb.toString());
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 5) {
        System.out.println("usage: tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT [PIECES]]");
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
    int pieces = 4;
    if (s.args.length > 6) {
        pieces = Integer.parseInt(s.args[6]);
    }
    if (win < 1 || nFea < 1 || iters < 0 || frames < 1 || repeat < 1 || pieces < 1) {
        System.out.println("WINSZ, N_FEA, FRAMES, REPEAT and PIECES must be positive");
        taskexit(s: initialstate := false);
    }
    Clip c = new Clip(s.args[0], win, nFea, iters, frames, repeat, pieces) { tracking := true };
    c.startPass();
    taskexit(s: initialstate := false);
}

task blur(Piece p in process) {
    p.process();
    taskexit(p: process := false, submit := true);
}

task merge(Frame f in assemble with frame t, Piece p in submit with frame t) {
    if (f.merge(p)) {
        taskexit(f: assemble := false, complete := true; p: submit := false);
    }
    taskexit(p: submit := false);
}

task pyramid(Frame f in complete) {
    f.buildLevel1();
    taskexit(f: complete := false, ready := true);
}

task collect(Clip c in tracking, Frame f in ready) {
    if (c.collect(f)) {
        if (c.pass < c.repeat) {
            c.startPass();
        } else {
            c.report();
            taskexit(c: tracking := false; f: ready := false);
        }
    }
    taskexit(f: ready := false);
}
