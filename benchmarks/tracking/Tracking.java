// Tracking.java — Java version of the Tracking benchmark (SD-VBS feature
// tracking), the algorithm of tracking.c arithmetic for arithmetic (see
// there for each step), so that it prints the same features.
//
// Usage: javac -d OUT Tracking.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT Tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT]
//
// With N threads, as tracking.c's OpenMP build: the frames are read, each filter runs
// over ranges of rows (or columns), the feature strengths over ranges of
// rows, and the features are tracked, all on the threads; the strongest
// features are then chosen in one scan in row-major order, so the output
// is that of one thread.
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;

public class Tracking {
    static final float SUPPRESSION_RADIUS = 10.0f;
    static final float ACCURACY = 0.03f;

    /** A rows x cols float image, row-major. */
    static final class Image {
        final int rows;
        final int cols;
        final float[] px;

        Image(int rows, int cols) {
            this.rows = rows;
            this.cols = cols;
            this.px = new float[rows * cols];
        }
    }

    /** A filter body over the rows (or columns) lo .. hi-1. */
    interface Rows {
        void run(int lo, int hi);
    }

    static void forRows(int lo, int hi, Rows body) {
        Bench.parallelFor(lo, hi, 0, (a, b) -> {
            body.run(a, b);
            return 0;
        });
    }

    static int le32(byte[] h, int at) {
        return (h[at] & 0xff) | (h[at + 1] & 0xff) << 8 | (h[at + 2] & 0xff) << 16 | (h[at + 3] & 0xff) << 24;
    }

    /** The green channel of a 24-bit BMP (bottom-up rows), as SD-VBS reads it. */
    static Image readBmp(String path) throws IOException {
        byte[] file = Files.readAllBytes(Paths.get(path));
        if (file.length < 54 || file[0] != 'B' || file[1] != 'M') {
            throw new IOException(path + ": not a BMP file");
        }
        int offset = le32(file, 10);
        int cols = le32(file, 18);
        int rows = le32(file, 22);
        int bits = (file[28] & 0xff) | (file[29] & 0xff) << 8;
        if (rows <= 0 || cols <= 0 || bits != 24) {
            throw new IOException(path + ": not a bottom-up 24-bit BMP");
        }
        if ((long) offset + 3L * rows * cols > file.length) {
            throw new IOException(path + ": truncated BMP file");
        }
        Image im = new Image(rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                im.px[(rows - 1 - i) * cols + j] = file[offset + (i * cols + j) * 3 + 1] & 0xff;
            }
        }
        return im;
    }

    static Image blur(Image in) {
        Image tmp = new Image(in.rows, in.cols);
        Image out = new Image(in.rows, in.cols);
        int c = in.cols;
        forRows(2, in.rows - 2, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = 2; j < c - 2; j++) {
                    int p = i * c + j;
                    tmp.px[p] = binomial5(in.px, p, 1);
                }
            }
        });
        forRows(2, in.rows - 2, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = 2; j < c - 2; j++) {
                    int p = i * c + j;
                    out.px[p] = binomial5(tmp.px, p, c);
                }
            }
        });
        return out;
    }

    /** The 5-tap binomial filter (1 4 6 4 1) / 16 at p, taps `step` apart, summed in C's order. */
    static float binomial5(float[] px, int p, int step) {
        float t = px[p - 2 * step];
        t += px[p - step] * 4;
        t += px[p] * 6;
        t += px[p + step] * 4;
        t += px[p + 2 * step];
        return t * 0.0625f;
    }

    static Image halfSize(Image in) {
        int outRows = (in.rows + 1) / 2;
        int outCols = (in.cols + 1) / 2;
        Image tmp = new Image(in.rows, outCols);
        Image out = new Image(outRows, outCols);
        int c = in.cols;
        forRows(2, in.rows - 2, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = 2, m = 0; j < c - 2; j += 2, m++) {
                    int p = i * c + j;
                    tmp.px[i * outCols + m] = binomial5(in.px, p, 1);
                }
            }
        });
        // Output row m comes from input row 2m + 2.
        forRows(0, (in.rows - 4 + 1) / 2, (lo, hi) -> {
            for (int m = lo; m < hi; m++) {
                int i = 2 * m + 2;
                for (int j = 0; j < outCols; j++) {
                    int p = i * outCols + j;
                    out.px[m * outCols + j] = binomial5(tmp.px, p, outCols);
                }
            }
        });
        return out;
    }

    /** Gradient along columns (dX, vertical edges) or along rows (dY). */
    static Image sobel(Image in, boolean alongX) {
        Image tmp = new Image(in.rows, in.cols);
        Image out = new Image(in.rows, in.cols);
        int c = in.cols;
        int di = alongX ? 0 : 1;
        int dj = alongX ? 1 : 0;
        int step = di * c + dj;
        int across = dj * c + di;
        forRows(1, in.rows - 1, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = 1; j < c - 1; j++) {
                    int p = i * c + j;
                    tmp.px[p] = (in.px[p - step] - in.px[p + step]) * 0.5f;
                }
            }
        });
        forRows(1, in.rows - 1, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = 1; j < c - 1; j++) {
                    int p = i * c + j;
                    float t = tmp.px[p - across];
                    t += tmp.px[p] * 2;
                    t += tmp.px[p + across];
                    out.px[p] = t * 0.25f;
                }
            }
        });
        return out;
    }

    /** The running sums of win values of line into out[start], out[start + stride], ... (n of them). */
    static void windowSums(float[] line, int win, int n, float[] out, int start, int stride) {
        float sum = 0;
        for (int k = 0; k < win; k++) {
            sum += line[k];
        }
        for (int t = 0; t < n; t++) {
            out[start + t * stride] = sum;
            sum += line[t + win] - line[t];
        }
    }

    /** Window sums with running sums, rows then columns (SD-VBS calcAreaSum). */
    static void areaSum(Image im, int win) {
        int half = (win + 1) / 2;
        int rows = im.rows;
        int cols = im.cols;
        forRows(0, rows, (lo, hi) -> {
            float[] line = new float[cols + win];
            for (int i = lo; i < hi; i++) {
                System.arraycopy(im.px, i * cols, line, half, cols);
                windowSums(line, win, cols, im.px, i * cols, 1);
            }
        });
        forRows(0, cols, (lo, hi) -> {
            float[] line = new float[rows + win];
            for (int j = lo; j < hi; j++) {
                for (int i = 0; i < rows; i++) {
                    line[i + half] = im.px[i * cols + j];
                }
                windowSums(line, win, rows, im.px, j, cols);
            }
        });
    }

    /**
     * Feature strength, the N_FEA strongest and non-maximum suppression.
     * Returns {x0, y0, x1, y1, ...}, strongest first.
     */
    static float[] detect(Image dx, Image dy, int win, int nFea) {
        int rows = dx.rows;
        int cols = dx.cols;
        Image xx = new Image(rows, cols);
        Image xy = new Image(rows, cols);
        Image yy = new Image(rows, cols);
        forRows(0, rows, (lo, hi) -> {
            for (int p = lo * cols; p < hi * cols; p++) {
                xx.px[p] = dx.px[p] * dx.px[p];
                xy.px[p] = dx.px[p] * dy.px[p];
                yy.px[p] = dy.px[p] * dy.px[p];
            }
        });
        areaSum(xx, win);
        areaSum(xy, win);
        areaSum(yy, win);
        // The strengths on the threads; xx is reused for them.
        float[] lambda = xx.px;
        forRows(win, rows - win, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                for (int j = win; j < cols - win; j++) {
                    int p = i * cols + j;
                    float det = xx.px[p] * yy.px[p] - xy.px[p] * xy.px[p];
                    float tr = xx.px[p] + yy.px[p];
                    lambda[p] = (float) (det / (tr + 0.00001));
                }
            }
        });

        float[] bestX = new float[nFea];
        float[] bestY = new float[nFea];
        float[] bestS = new float[nFea];
        Arrays.fill(bestX, -1.0f);
        Arrays.fill(bestY, -1.0f);
        for (int i = win; i < rows - win; i++) {
            for (int j = win; j < cols - win; j++) {
                float l = lambda[i * cols + j];
                if (bestS[nFea - 1] > l) {
                    continue;
                }
                for (int k = 0; k < nFea; k++) {
                    if (bestS[k] < l) {
                        System.arraycopy(bestX, k, bestX, k + 1, nFea - 1 - k);
                        System.arraycopy(bestY, k, bestY, k + 1, nFea - 1 - k);
                        System.arraycopy(bestS, k, bestS, k + 1, nFea - 1 - k);
                        bestX[k] = j;
                        bestY[k] = i;
                        bestS[k] = l;
                        break;
                    }
                }
            }
        }

        float[] kept = new float[2 * nFea];
        int n = 0;
        float rSq = SUPPRESSION_RADIUS * SUPPRESSION_RADIUS;
        for (int k = 0; k < nFea; k++) {
            boolean suppressed = false;
            for (int m = 0; m < n && !suppressed; m++) {
                float dxk = bestX[k] - kept[2 * m];
                float dyk = bestY[k] - kept[2 * m + 1];
                suppressed = dxk * dxk + dyk * dyk <= rSq;
            }
            if (!suppressed) {
                kept[2 * n] = bestX[k];
                kept[2 * n + 1] = bestY[k];
                n++;
            }
        }
        return Arrays.copyOf(kept, 2 * n);
    }

    /** The 2win x 2win patch around (cx, cy), bilinearly interpolated. */
    static void patch(Image src, float cx, float cy, int win, float[] dst) {
        float fx = (float) Math.floor(cx);
        float fy = (float) Math.floor(cy);
        float a = cx - fx;
        float b = cy - fy;
        float a11 = (1 - a) * (1 - b);
        float a12 = a * (1 - b);
        float a21 = (1 - a) * b;
        float a22 = a * b;
        int x0 = (int) fx;
        int y0 = (int) fy;
        int c = src.cols;
        float[] px = src.px;
        int o = 0;
        for (int i = -win; i < win; i++) {
            int row = (y0 + i) * c + x0;
            for (int j = -win; j < win; j++) {
                dst[o++] = px[row + j] * a11 + px[row + j + 1] * a12 + px[row + j + c] * a21
                         + px[row + j + 1 + c] * a22;
            }
        }
    }

    /** The blurred images and gradients of a frame: level 0 full size, 1 half. */
    static final class Pyramid {
        final Image[] blur = new Image[2];
        final Image[] dx = new Image[2];
        final Image[] dy = new Image[2];

        Pyramid(Image frame) {
            blur[0] = blur(frame);
            blur[1] = halfSize(blur[0]);
            for (int l = 0; l < 2; l++) {
                dx[l] = sobel(blur[l], true);
                dy[l] = sobel(blur[l], false);
            }
        }
    }

    /** Tracks feature k (xy[2k], xy[2k+1]) from prev to cur in place; false if it is lost. */
    static boolean track(Pyramid prev, Pyramid cur, int win, int iters, float[] xy, int k, float[][] scratch) {
        int n = 4 * win * win;
        float[] ip = scratch[0];
        float[] ix = scratch[1];
        float[] iy = scratch[2];
        float[] jp = scratch[3];
        float x = xy[2 * k] * 0.25f;
        float y = xy[2 * k + 1] * 0.25f;
        float dX = 0;
        float dY = 0;
        for (int level = 1; level >= 0; level--) {
            x += x;
            y += y;
            dX += dX;
            dY += dY;
            int rows = prev.blur[level].rows;
            int cols = prev.blur[level].cols;
            if (x - win < 0 || y - win < 0 || y + win + 1 >= rows || x + win + 1 >= cols) {
                return false;
            }
            patch(prev.blur[level], x, y, win, ip);
            patch(cur.dx[level], x, y, win, ix);
            patch(cur.dy[level], x, y, win, iy);
            float cxx = 0;
            float cxy = 0;
            float cyy = 0;
            for (int m = 0; m < n; m++) {
                cxx += ix[m] * ix[m];
                cxy += ix[m] * iy[m];
                cyy += iy[m] * iy[m];
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
                patch(cur.blur[level], x + dX, y + dY, win, jp);
                float ex = 0;
                float ey = 0;
                for (int m = 0; m < n; m++) {
                    float diff = ip[m] - jp[m];
                    ex += diff * ix[m];
                    ey += diff * iy[m];
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
        xy[2 * k] += dX;
        xy[2 * k + 1] += dY;
        return true;
    }

    /** One pass over the clip; returns the features left, {x0, y0, x1, y1, ...}. */
    static float[] runClip(String dir, int win, int nFea, int iters, int frames) throws IOException {
        Image[] images = new Image[frames + 1];
        IOException[] failed = new IOException[1];
        Bench.parallelFor(1, frames + 1, 1, (lo, hi) -> {
            for (int f = lo; f < hi; f++) {
                try {
                    images[f] = readBmp(dir + "/" + f + ".bmp");
                } catch (IOException e) {
                    failed[0] = e;
                }
            }
            return 0;
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        Pyramid prev = new Pyramid(images[1]);
        float[] xy = detect(prev.dx[0], prev.dy[0], win, nFea);
        int n = xy.length / 2;
        for (int f = 1; f <= frames; f++) {
            // Frame 1 is tracked against itself: same images.
            Pyramid cur = f == 1 ? prev : new Pyramid(images[f]);
            boolean[] alive = new boolean[n];
            Pyramid from = prev;
            float[] pos = xy;
            Bench.parallelFor(0, n, 4, (lo, hi) -> {
                float[][] scratch = new float[4][4 * win * win];
                for (int k = lo; k < hi; k++) {
                    alive[k] = track(from, cur, win, iters, pos, k, scratch);
                }
                return 0;
            });
            int kept = 0;
            for (int k = 0; k < n; k++) {
                if (alive[k]) {
                    xy[2 * kept] = xy[2 * k];
                    xy[2 * kept + 1] = xy[2 * k + 1];
                    kept++;
                }
            }
            n = kept;
            prev = cur;
        }
        return Arrays.copyOf(xy, 2 * n);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 5) {
            System.err.println("usage: Tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT]");
            System.exit(2);
        }
        String dir = args[0];
        int win = Integer.parseInt(args[1]);
        int nFea = Integer.parseInt(args[2]);
        int iters = Integer.parseInt(args[3]);
        int frames = Integer.parseInt(args[4]);
        int repeat = args.length > 5 ? Integer.parseInt(args[5]) : 1;
        if (win < 1 || nFea < 1 || iters < 0 || frames < 1 || repeat < 1) {
            System.err.println("WINSZ, N_FEA, FRAMES and REPEAT must be positive");
            System.exit(2);
        }
        float[] xy = null;
        for (int r = 0; r < repeat; r++) {
            xy = runClip(dir, win, nFea, iters, frames);
        }
        StringBuilder out = new StringBuilder();
        for (int axis = 0; axis < 2; axis++) {
            for (int k = axis; k < xy.length; k += 2) {
                out.append(Bench.cFixed6(xy[k])).append('\t');
            }
            out.append('\n');
        }
        System.out.print(out);
    }
}
