/* tracking.c — C references for the Tracking benchmark (SD-VBS feature
 * tracking, the algorithm of its C version, arithmetic for arithmetic, so
 * that the output matches SD-VBS's expected_C.txt).
 *
 * Compiled plain, the sequential reference; with -fopenmp, the OpenMP
 * version (same algorithm, same output, byte for byte), with the
 * parallelism of tracking.bb: the frames of a pass are read in parallel;
 * the image filters are parallel for loops over rows (the running sums'
 * column pass over columns); the feature strength is computed in BANDS
 * column bands in parallel, each keeping its N_FEA strongest pixels, which
 * are then merged in order of strength (ties in row-major order, as the
 * sequential scan finds them); the features are tracked in parallel, then
 * compacted in order. The passes of REPEAT run one after the other, as in
 * tracking.bb.
 *
 * Usage: tracking DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT]
 *        (OpenMP: OMP_NUM_THREADS=k tracking_omp DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT])
 *   DIR holds 1.bmp .. FRAMES.bmp (24-bit BMP; the green channel is used).
 *   The whole clip is processed REPEAT times (default 1), each pass from the
 *   files; the output is the last pass's (every pass computes the same).
 *   SD-VBS's inputs take milliseconds on a current core, where the paper's
 *   1-core run took minutes; REPEAT makes a measurable size.
 *   SD-VBS's sizes: test 2 100 2 2, sim_fast 2 100 2 4, sim 2 200 2 4,
 *   sqcif 8 500 15 2, qcif 12 400 15 4, cif 20 500 20 4.
 *
 * Algorithm (per frame: blur, pyramid, gradients; on frame 1 also feature
 * detection; then Lucas-Kanade from each frame to the next, frame 1 first
 * against itself):
 *   blur      separable [1 4 6 4 1]/16, rows then columns, 2-pixel border 0;
 *   level 2   the blurred image filtered with [1 4 6 4 1]/16 at every other
 *             pixel (rows then columns), size ((rows+1)/2, (cols+1)/2);
 *   Sobel     dX: [1 0 -1]/2 along rows then [1 2 1]/4 along columns;
 *             dY: [1 0 -1]/2 along columns then [1 2 1]/4 along rows;
 *   strength  sums of dX², dX·dY, dY² over a WINSZ window (running sums,
 *             rows then columns), lambda = det / (trace + 1e-5);
 *   features  the N_FEA strongest pixels (ties: first in row-major order)
 *             inside a WINSZ border, then non-maximum suppression: in order
 *             of strength, a feature is kept unless it lies within radius
 *             10 (squared distance <= 100) of a kept one;
 *   tracking  pyramidal Lucas-Kanade over the 2 levels, 2·WINSZ square
 *             window, bilinear interpolation, at most LK_ITER iterations,
 *             accuracy 0.03; features that leave the image or whose window
 *             is too flat are dropped.
 *
 * Output: the tracked features as SD-VBS writes them: the x coordinates on
 * one line, the y coordinates on the next, each value as "%f\t".
 *
 * Build: cc -O2 tracking.c -o tracking -lm
 *        cc -O2 -fopenmp tracking.c -o tracking_omp -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUPPRESSION_RADIUS 10.0f
#define ACCURACY 0.03f

typedef struct {
    int rows, cols;
    float *px;          /* rows * cols, row-major */
} Image;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p) {
        perror("calloc");
        exit(1);
    }
    return p;
}

static Image image_new(int rows, int cols)
{
    Image im = { rows, cols, xcalloc((size_t)rows * cols, sizeof(float)) };
    return im;
}

#define AT(im, i, j) ((im).px[(size_t)(i) * (im).cols + (j)])

/* The green channel of a 24-bit BMP (bottom-up rows), as SD-VBS reads it. */
static Image read_bmp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    unsigned char header[54];
    if (fread(header, 1, sizeof header, f) != sizeof header || header[0] != 'B' || header[1] != 'M') {
        fprintf(stderr, "%s: not a BMP file\n", path);
        exit(1);
    }
    int offset = header[10] | header[11] << 8 | header[12] << 16 | header[13] << 24;
    int cols = header[18] | header[19] << 8 | header[20] << 16 | header[21] << 24;
    int rows = header[22] | header[23] << 8 | header[24] << 16 | header[25] << 24;
    int bits = header[28] | header[29] << 8;
    if (rows <= 0 || cols <= 0 || bits != 24) {
        fprintf(stderr, "%s: not a bottom-up 24-bit BMP\n", path);
        exit(1);
    }
    Image im = image_new(rows, cols);
    unsigned char *pixels = xcalloc((size_t)rows * cols * 3, 1);
    if (fseek(f, offset, SEEK_SET) != 0 || fread(pixels, 3, (size_t)rows * cols, f) != (size_t)rows * cols) {
        fprintf(stderr, "%s: truncated BMP file\n", path);
        exit(1);
    }
    fclose(f);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            AT(im, rows - 1 - i, j) = pixels[((size_t)i * cols + j) * 3 + 1];
    free(pixels);
    return im;
}

static Image blur(Image in)
{
    Image tmp = image_new(in.rows, in.cols), out = image_new(in.rows, in.cols);
    #pragma omp parallel for schedule(static)
    for (int i = 2; i < in.rows - 2; i++)
        for (int j = 2; j < in.cols - 2; j++) {
            float t = AT(in, i, j - 2);
            t += AT(in, i, j - 1) * 4;
            t += AT(in, i, j) * 6;
            t += AT(in, i, j + 1) * 4;
            t += AT(in, i, j + 2);
            AT(tmp, i, j) = t * 0.0625f;
        }
    #pragma omp parallel for schedule(static)
    for (int i = 2; i < in.rows - 2; i++)
        for (int j = 2; j < in.cols - 2; j++) {
            float t = AT(tmp, i - 2, j);
            t += AT(tmp, i - 1, j) * 4;
            t += AT(tmp, i, j) * 6;
            t += AT(tmp, i + 1, j) * 4;
            t += AT(tmp, i + 2, j);
            AT(out, i, j) = t * 0.0625f;
        }
    free(tmp.px);
    return out;
}

static Image half_size(Image in)
{
    int out_rows = (in.rows + 1) / 2, out_cols = (in.cols + 1) / 2;
    Image tmp = image_new(in.rows, out_cols), out = image_new(out_rows, out_cols);
    #pragma omp parallel for schedule(static)
    for (int i = 2; i < in.rows - 2; i++)
        for (int j = 2, m = 0; j < in.cols - 2; j += 2, m++) {
            float t = AT(in, i, j - 2);
            t += AT(in, i, j - 1) * 4;
            t += AT(in, i, j) * 6;
            t += AT(in, i, j + 1) * 4;
            t += AT(in, i, j + 2);
            AT(tmp, i, m) = t * 0.0625f;
        }
#ifndef _OPENMP
    for (int i = 2, m = 0; i < in.rows - 2; i += 2, m++)
        for (int j = 0; j < out_cols; j++) {
#else /* _OPENMP: counted by output row, so that the rows can be shared out. */
    #pragma omp parallel for schedule(static)
    for (int m = 0; m < (in.rows - 3) / 2; m++)
        for (int j = 0, i = 2 + 2 * m; j < out_cols; j++) {
#endif /* _OPENMP */
            float t = AT(tmp, i - 2, j);
            t += AT(tmp, i - 1, j) * 4;
            t += AT(tmp, i, j) * 6;
            t += AT(tmp, i + 1, j) * 4;
            t += AT(tmp, i + 2, j);
            AT(out, m, j) = t * 0.0625f;
        }
    free(tmp.px);
    return out;
}

/* Gradient along columns (dX, vertical edges) or along rows (dY). */
static Image sobel(Image in, int along_x)
{
    Image tmp = image_new(in.rows, in.cols), out = image_new(in.rows, in.cols);
    int di = along_x ? 0 : 1, dj = along_x ? 1 : 0;
    #pragma omp parallel for schedule(static)
    for (int i = 1; i < in.rows - 1; i++)
        for (int j = 1; j < in.cols - 1; j++)
            AT(tmp, i, j) = (AT(in, i - di, j - dj) - AT(in, i + di, j + dj)) * 0.5f;
    #pragma omp parallel for schedule(static)
    for (int i = 1; i < in.rows - 1; i++)
        for (int j = 1; j < in.cols - 1; j++) {
            float t = AT(tmp, i - dj, j - di);
            t += AT(tmp, i, j) * 2;
            t += AT(tmp, i + dj, j + di);
            AT(out, i, j) = t * 0.25f;
        }
    free(tmp.px);
    return out;
}

/* One line of n values, stride apart from px, replaced by its window sums
 * (a running sum); line holds n + win floats, zero outside [half, n + half). */
static void line_sums(float *px, int n, size_t stride, int win, int half, float *line)
{
    for (int k = 0; k < n; k++)
        line[k + half] = px[(size_t)k * stride];
    float sum = 0;
    for (int k = 0; k < win; k++)
        sum += line[k];
    for (int k = 0; k < n; k++) {
        px[(size_t)k * stride] = sum;
        sum += line[k + win] - line[k];
    }
}

/* Window sums with running sums, rows then columns (SD-VBS calcAreaSum). */
#ifndef _OPENMP
static void area_sum(Image im, int win)
{
    int half = (win + 1) / 2;
    int longest = im.rows > im.cols ? im.rows : im.cols;
    float *line = xcalloc((size_t)longest + win, sizeof(float));
    for (int i = 0; i < im.rows; i++)
        line_sums(im.px + (size_t)i * im.cols, im.cols, 1, win, half, line);
    memset(line, 0, sizeof(float) * ((size_t)longest + win));
    for (int j = 0; j < im.cols; j++)
        line_sums(im.px + j, im.rows, (size_t)im.cols, win, half, line);
    free(line);
}
#else /* _OPENMP: a line buffer per thread, rows then columns in parallel. */
static void area_sum(Image im, int win)
{
    int half = (win + 1) / 2;
    #pragma omp parallel
    {
        float *line = xcalloc((size_t)im.cols + win, sizeof(float));
        #pragma omp for schedule(static)
        for (int i = 0; i < im.rows; i++)
            line_sums(im.px + (size_t)i * im.cols, im.cols, 1, win, half, line);
        free(line);
        line = xcalloc((size_t)im.rows + win, sizeof(float));
        #pragma omp for schedule(static)
        for (int j = 0; j < im.cols; j++)
            line_sums(im.px + j, im.rows, (size_t)im.cols, win, half, line);
        free(line);
    }
}
#endif /* _OPENMP */

typedef struct {
    float x, y, strength;
} Feature;

#ifdef _OPENMP
/* The column bands the feature strength is computed in, in parallel. */
#define BANDS 16

/* Whether pixel a (strength, row-major position) comes after pixel b:
 * weaker, or as strong and later. */
static int weaker(float as, int ap, float bs, int bp)
{
    return as < bs || (as == bs && ap > bp);
}

/* Puts (s, p) at the root of a heap of n entries, the weakest at the root,
 * and sifts it down. */
static void sift_down(float *hs, int *hp, int n, float s, int p)
{
    int c = 0;
    for (;;) {
        int d = 2 * c + 1;
        if (d >= n)
            break;
        if (d + 1 < n && weaker(hs[d + 1], hp[d + 1], hs[d], hp[d]))
            d++;
        if (!weaker(hs[d], hp[d], s, p))
            break;
        hs[c] = hs[d];
        hp[c] = hp[d];
        c = d;
    }
    hs[c] = s;
    hp[c] = p;
}

/* The n_fea strongest pixels with lambda > 0 of columns j0 .. j1-1 (rows
 * win .. rows-win-1), strongest first, ties in row-major order, into hs
 * (strength) and hp (position); returns how many. */
static int band_best(Image xx, Image xy, Image yy, int win, int j0, int j1, int n_fea,
                     float *hs, int *hp)
{
    int n = 0;
    for (int i = win; i < xx.rows - win; i++)
        for (int j = j0; j < j1; j++) {
            size_t p = (size_t)i * xx.cols + j;
            float det = xx.px[p] * yy.px[p] - xy.px[p] * xy.px[p];
            float tr = xx.px[p] + yy.px[p];
            float lambda = det / (tr + 0.00001);
            if (!(lambda > 0))
                continue;
            int pos = i * xx.cols + j;
            if (n < n_fea) {
                int c = n++;
                while (c > 0 && weaker(lambda, pos, hs[(c - 1) / 2], hp[(c - 1) / 2])) {
                    hs[c] = hs[(c - 1) / 2];
                    hp[c] = hp[(c - 1) / 2];
                    c = (c - 1) / 2;
                }
                hs[c] = lambda;
                hp[c] = pos;
            } else if (weaker(hs[0], hp[0], lambda, pos)) {
                sift_down(hs, hp, n, lambda, pos);
            }
        }
    /* Weakest out first, from the back: the arrays end up sorted. */
    for (int k = n - 1; k > 0; k--) {
        float s = hs[0];
        int p = hp[0];
        sift_down(hs, hp, k, hs[k], hp[k]);
        hs[k] = s;
        hp[k] = p;
    }
    return n;
}

#endif /* _OPENMP */

/* Feature strength, the N_FEA strongest and non-maximum suppression.
 * Returns the number of features; *out gets them, strongest first. */
static int detect(Image dx, Image dy, int win, int n_fea, Feature **out)
{
    int rows = dx.rows, cols = dx.cols;
    Image xx = image_new(rows, cols), xy = image_new(rows, cols), yy = image_new(rows, cols);
    #pragma omp parallel for schedule(static)
    for (size_t p = 0; p < (size_t)rows * cols; p++) {
        xx.px[p] = dx.px[p] * dx.px[p];
        xy.px[p] = dx.px[p] * dy.px[p];
        yy.px[p] = dy.px[p] * dy.px[p];
    }
    area_sum(xx, win);
    area_sum(xy, win);
    area_sum(yy, win);

#ifndef _OPENMP
    Feature *best = xcalloc(n_fea, sizeof(Feature));
    for (int k = 0; k < n_fea; k++)
        best[k] = (Feature){ -1.0f, -1.0f, 0.0f };
    for (int i = win; i < rows - win; i++)
        for (int j = win; j < cols - win; j++) {
            size_t p = (size_t)i * cols + j;
            float det = xx.px[p] * yy.px[p] - xy.px[p] * xy.px[p];
            float tr = xx.px[p] + yy.px[p];
            float lambda = det / (tr + 0.00001);
            if (best[n_fea - 1].strength > lambda)
                continue;
            for (int k = 0; k < n_fea; k++)
                if (best[k].strength < lambda) {
                    memmove(best + k + 1, best + k, sizeof(Feature) * (n_fea - 1 - k));
                    best[k] = (Feature){ (float)j, (float)i, lambda };
                    break;
                }
        }
    free(xx.px); free(xy.px); free(yy.px);
#else /* _OPENMP */
    /* Each band's strongest, then the strongest of all (a merge of the
     * sorted band lists): the same as tracking.c's one scan. */
    float *hs = xcalloc((size_t)BANDS * n_fea, sizeof(float));
    int *hp = xcalloc((size_t)BANDS * n_fea, sizeof(int));
    int found[BANDS], head[BANDS] = { 0 };
    int lo = win, hi = cols - win > win ? cols - win : win;
    #pragma omp parallel for schedule(dynamic, 1)
    for (int g = 0; g < BANDS; g++)
        found[g] = band_best(xx, xy, yy, win, lo + (hi - lo) * g / BANDS,
                             lo + (hi - lo) * (g + 1) / BANDS, n_fea,
                             hs + (size_t)g * n_fea, hp + (size_t)g * n_fea);
    free(xx.px); free(xy.px); free(yy.px);
    Feature *best = xcalloc(n_fea, sizeof(Feature));
    for (int k = 0; k < n_fea; k++) {
        int b = -1;
        for (int g = 0; g < BANDS; g++) {
            size_t at = (size_t)g * n_fea + head[g];
            if (head[g] < found[g]
                && (b < 0 || weaker(hs[(size_t)b * n_fea + head[b]], hp[(size_t)b * n_fea + head[b]],
                                    hs[at], hp[at])))
                b = g;
        }
        if (b < 0) {
            best[k] = (Feature){ -1.0f, -1.0f, 0.0f };
        } else {
            size_t at = (size_t)b * n_fea + head[b]++;
            best[k] = (Feature){ (float)(hp[at] % cols), (float)(hp[at] / cols), hs[at] };
        }
    }
    free(hs);
    free(hp);
#endif /* _OPENMP */

    Feature *kept = xcalloc(n_fea, sizeof(Feature));
    int n = 0;
    float r_sq = SUPPRESSION_RADIUS * SUPPRESSION_RADIUS;
    for (int k = 0; k < n_fea; k++) {
        int suppressed = 0;
        for (int m = 0; m < n && !suppressed; m++) {
            float dxk = best[k].x - kept[m].x, dyk = best[k].y - kept[m].y;
            suppressed = dxk * dxk + dyk * dyk <= r_sq;
        }
        if (!suppressed)
            kept[n++] = best[k];
    }
    free(best);
    *out = kept;
    return n;
}

/* The 2win x 2win patch around (cx, cy), bilinearly interpolated. */
static void patch(Image src, float cx, float cy, int win, float *dst)
{
    float a = cx - floorf(cx), b = cy - floorf(cy);
    float a11 = (1 - a) * (1 - b), a12 = a * (1 - b), a21 = (1 - a) * b, a22 = a * b;
    int x0 = (int)floorf(cx), y0 = (int)floorf(cy);
    for (int i = -win; i < win; i++) {
        const float *row = src.px + (size_t)(y0 + i) * src.cols + x0;
        for (int j = -win; j < win; j++)
            *dst++ = row[j] * a11 + row[j + 1] * a12 + row[j + src.cols] * a21
                   + row[j + 1 + src.cols] * a22;
    }
}

typedef struct {
    Image blur[2], dx[2], dy[2];   /* level 0 = full size, level 1 = half */
} Pyramid;

static Pyramid pyramid(Image frame)
{
    Pyramid p;
    p.blur[0] = blur(frame);
    p.blur[1] = half_size(p.blur[0]);
    for (int l = 0; l < 2; l++) {
        p.dx[l] = sobel(p.blur[l], 1);
        p.dy[l] = sobel(p.blur[l], 0);
    }
    return p;
}

static void pyramid_free(Pyramid p)
{
    for (int l = 0; l < 2; l++) {
        free(p.blur[l].px); free(p.dx[l].px); free(p.dy[l].px);
    }
}

/* Tracks (x, y) from prev to cur; returns 0 if the feature is lost. */
static int track(const Pyramid *prev, const Pyramid *cur, int win, int iters,
                 float *x_io, float *y_io, float *scratch)
{
    int n = 4 * win * win;
    float *ip = scratch, *ix = scratch + n, *iy = scratch + 2 * n, *jp = scratch + 3 * n;
    float x = *x_io * 0.25f, y = *y_io * 0.25f, dX = 0, dY = 0;
    for (int level = 1; level >= 0; level--) {
        x += x; y += y; dX += dX; dY += dY;
        int rows = prev->blur[level].rows, cols = prev->blur[level].cols;
        if (x - win < 0 || y - win < 0 || y + win + 1 >= rows || x + win + 1 >= cols)
            return 0;
        patch(prev->blur[level], x, y, win, ip);
        patch(cur->dx[level], x, y, win, ix);
        patch(cur->dy[level], x, y, win, iy);
        float cxx = 0, cxy = 0, cyy = 0;
        for (int k = 0; k < n; k++) {
            cxx += ix[k] * ix[k];
            cxy += ix[k] * iy[k];
            cyy += iy[k] * iy[k];
        }
        float det = cxx * cyy - cxy * cxy;
        float tr = cxx + cyy;
        if (det / (tr + 0.00001) < ACCURACY)
            return 0;
        det = 1 / det;
        for (int it = 0; it < iters; it++) {
            if (x + dX - win < 0 || y + dY - win < 0 || y + dY + win + 1 >= rows
                || x + dX + win + 1 >= cols)
                return 0;
            patch(cur->blur[level], x + dX, y + dY, win, jp);
            float ex = 0, ey = 0;
            for (int k = 0; k < n; k++) {
                float diff = ip[k] - jp[k];
                ex += diff * ix[k];
                ey += diff * iy[k];
            }
            float mx = det * (ex * cyy - ey * cxy);
            float my = det * (-ex * cxy + ey * cxx);
            dX += mx;
            dY += my;
            if (mx * mx + my * my < ACCURACY)
                break;
        }
    }
    *x_io += dX;
    *y_io += dY;
    return 1;
}

/* One pass over the clip: detection on frame 1, then tracking through
 * frames 1 .. frames. Returns the number of features left in xs, ys. */
static int run_clip(const char *dir, int win, int n_fea, int iters, int frames,
                    float **xs_out, float **ys_out)
{
#ifndef _OPENMP
    char path[4096];
    snprintf(path, sizeof path, "%s/1.bmp", dir);
    Image frame = read_bmp(path);
    Pyramid prev = pyramid(frame);
    free(frame.px);
#else /* _OPENMP */
    /* Every frame of the pass, read in parallel. */
    Image *images = xcalloc(frames + 1, sizeof(Image));
    #pragma omp parallel for schedule(dynamic, 1)
    for (int f = 1; f <= frames; f++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%d.bmp", dir, f);
        images[f] = read_bmp(path);
    }
    Pyramid prev = pyramid(images[1]);
    free(images[1].px);
#endif /* _OPENMP */

    Feature *found;
    int n = detect(prev.dx[0], prev.dy[0], win, n_fea, &found);
    float *xs = xcalloc(n + 1, sizeof(float)), *ys = xcalloc(n + 1, sizeof(float));
    for (int k = 0; k < n; k++) {
        xs[k] = found[k].x;
        ys[k] = found[k].y;
    }
    free(found);

#ifndef _OPENMP
    float *scratch = xcalloc((size_t)16 * win * win, sizeof(float));
#endif /* _OPENMP */
    for (int f = 1; f <= frames; f++) {
        Pyramid cur;
        if (f == 1) {
            /* Frame 1 is tracked against itself: same images. */
            cur = prev;
        } else {
#ifndef _OPENMP
            snprintf(path, sizeof path, "%s/%d.bmp", dir, f);
            frame = read_bmp(path);
            cur = pyramid(frame);
            free(frame.px);
#else /* _OPENMP */
            cur = pyramid(images[f]);
            free(images[f].px);
#endif /* _OPENMP */
        }
#ifndef _OPENMP
        int kept = 0;
        for (int k = 0; k < n; k++) {
            float x = xs[k], y = ys[k];
            if (track(&prev, &cur, win, iters, &x, &y, scratch)) {
                xs[kept] = x;
                ys[kept] = y;
                kept++;
            }
        }
#else /* _OPENMP: tracked in parallel, then compacted in order. */
        int *alive = xcalloc(n + 1, sizeof(int));
        #pragma omp parallel
        {
            float *scratch = xcalloc((size_t)16 * win * win, sizeof(float));
            #pragma omp for schedule(dynamic, 4)
            for (int k = 0; k < n; k++)
                alive[k] = track(&prev, &cur, win, iters, &xs[k], &ys[k], scratch);
            free(scratch);
        }
        int kept = 0;
        for (int k = 0; k < n; k++)
            if (alive[k]) {
                xs[kept] = xs[k];
                ys[kept] = ys[k];
                kept++;
            }
        free(alive);
#endif /* _OPENMP */
        n = kept;
        if (f > 1)
            pyramid_free(prev);
        prev = cur;
    }
    pyramid_free(prev);
#ifndef _OPENMP
    free(scratch);
#else /* _OPENMP */
    free(images);
#endif /* _OPENMP */
    *xs_out = xs;
    *ys_out = ys;
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: %s DIR WINSZ N_FEA LK_ITER FRAMES [REPEAT]\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    int win = atoi(argv[2]), n_fea = atoi(argv[3]), iters = atoi(argv[4]);
    int frames = atoi(argv[5]);
    int repeat = argc > 6 ? atoi(argv[6]) : 1;
    if (win < 1 || n_fea < 1 || iters < 0 || frames < 1 || repeat < 1) {
        fprintf(stderr, "WINSZ, N_FEA, FRAMES and REPEAT must be positive\n");
        return 2;
    }
    float *xs = NULL, *ys = NULL;
    int n = 0;
    for (int r = 0; r < repeat; r++) {
        free(xs);
        free(ys);
        n = run_clip(dir, win, n_fea, iters, frames, &xs, &ys);
    }
    for (int k = 0; k < n; k++)
        printf("%f\t", xs[k]);
    printf("\n");
    for (int k = 0; k < n; k++)
        printf("%f\t", ys[k]);
    printf("\n");
    free(xs);
    free(ys);
    return 0;
}
