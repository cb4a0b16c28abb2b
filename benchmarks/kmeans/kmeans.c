/* kmeans.c — C references for the KMeans benchmark (STAMP kmeans):
 * k-means clustering of the points of a text file, z-scored per attribute,
 * for k from MIN to MAX clusters.
 *
 * Compiled plain, the sequential reference (STAMP's program run
 * sequentially); with -fopenmp, the OpenMP version (same algorithm, same
 * output, byte for byte): the input's lines are read (pread) and parsed in
 * parallel, one share of the file per thread (as the Bamboo version's
 * partitions read and parse theirs); the nearest-centre search, the n*k*d
 * part of each pass, is a parallel for; the centres are then summed by
 * attribute ranges (BANDS of them, as the Bamboo version's bands), a
 * parallel for over the ranges, each range's sums added in point order, so
 * the result is the sequential one whatever the thread count.
 *
 * STAMP's algorithm and arithmetic (all in float), for each k: seed
 * MT19937 with 7 and take the initial centres as points[genrand() % n];
 * assign each point to its nearest centre by squared distance, a later
 * centre winning only if dist/best < 0.99999 (and a zero distance ending
 * the search); recompute the centres as the means of their points, summed
 * in point order (an empty cluster keeps its centre); repeat while the
 * fraction of points that changed cluster is above THRESHOLD, at most 501
 * passes. The z-score uses the mean and the population standard deviation
 * of each attribute, as STAMP's extractMoments computes them.
 *
 * Usage: kmeans FILE MIN MAX THRESHOLD
 *        (OpenMP: OMP_NUM_THREADS=k kmeans_omp FILE MIN MAX THRESHOLD)
 *   FILE: one point a line, an id (ignored) then the attributes.
 * Output (identical to kmeans.bb and to the original STAMP program's centre
 * lines): the centres of the last k, one line each, its index then the
 * values with "%f ".
 *
 * Build: cc -O2 kmeans.c -o kmeans -lm
 *        cc -O2 -fopenmp kmeans.c -o kmeans_omp -lm
 */
#include <fcntl.h>
#include <float.h>
#include <math.h>
#ifdef _OPENMP
#include <omp.h>
#endif /* _OPENMP */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* MT19937 (Matsumoto and Nishimura's mt19937ar), as STAMP's lib/random. */
#define MT_N 624
#define MT_M 397
typedef struct {
    uint32_t mt[MT_N];
    int mti;
} mt19937;

static void mt_seed(mt19937 *r, uint32_t s)
{
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->mti = MT_N;
}

static uint32_t mt_next(mt19937 *r)
{
    static const uint32_t mag01[2] = { 0x0U, 0x9908b0dfU };
    uint32_t y;
    if (r->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1];
        }
        y = (r->mt[MT_N - 1] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1];
        r->mti = 0;
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* The points' attributes, n rows of d in one array, as rows. */
static float **as_rows(float *values, int n, int d, int *n_points, int *n_attributes)
{
    float **rows = malloc(sizeof(float *) * n);
    for (int i = 0; i < n; i++)
        rows[i] = values + (size_t)i * d;
    *n_points = n;
    *n_attributes = d;
    return rows;
}

#ifndef _OPENMP
/* Reads FILE: returns the attributes as rows of a contiguous array. */
static float **read_points(const char *path, int *n_points, int *n_attributes)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(1); }
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    int n = 0, d = -1, rows_cap = 1024;
    float *values = NULL;
    while (fgets(line, (int)cap, f)) {
        while (!strchr(line, '\n') && !feof(f)) {   /* a longer line */
            line = realloc(line, cap * 2);
            if (!fgets(line + cap - 1, (int)cap + 1, f)) break;
            cap *= 2;
        }
        if (d < 0) {
            /* The first point fixes the number of attributes. */
            char *copy = strdup(line);
            d = -1;                                   /* the id is no attribute */
            for (char *t = strtok(copy, " ,\t\n"); t; t = strtok(NULL, " ,\t\n"))
                d++;
            free(copy);
            if (d <= 0) {
                d = -1;
                continue;
            }
            values = malloc(sizeof(float) * (size_t)rows_cap * d);
        }
        if (!strtok(line, " \t\n"))                   /* the id */
            continue;
        if (n == rows_cap) {
            rows_cap *= 2;
            values = realloc(values, sizeof(float) * (size_t)rows_cap * d);
        }
        for (int j = 0; j < d; j++) {
            char *t = strtok(NULL, " ,\t\n");
            if (!t) {
                fprintf(stderr, "%s: point %d has fewer than %d attributes\n", path, n + 1, d);
                exit(1);
            }
            values[(size_t)n * d + j] = (float)atof(t);
        }
        n++;
    }
    fclose(f);
    free(line);
    if (n == 0 || d <= 0) {
        fprintf(stderr, "%s: no points\n", path);
        exit(1);
    }
    return as_rows(values, n, d, n_points, n_attributes);
}
#else /* _OPENMP */
/* The number of attributes of a line (its tokens but the first, separated
 * by " ,\t\n"); the line is left as it was. */
static int count_attributes(const char *line, size_t len)
{
    char *copy = malloc(len + 1);
    memcpy(copy, line, len);
    copy[len] = '\0';
    int d = -1;                                       /* the id is no attribute */
    char *save;
    for (char *t = strtok_r(copy, " ,\t\n", &save); t; t = strtok_r(NULL, " ,\t\n", &save))
        d++;
    free(copy);
    return d;
}

/* One thread's share of the file: its points, and the first short one. */
typedef struct {
    float *values;
    int n;
    int short_point;    /* -1, or the index of a point with too few attributes */
} piece;

/* Parses the lines of text[from, to) (each ends with '\n', the last may
 * not) into p: kmeans.c's rule for a line once d is known. Writes '\0'
 * over the line ends. */
static void parse_piece(char *text, size_t from, size_t to, int d, piece *p)
{
    int cap = 1024;
    p->values = malloc(sizeof(float) * (size_t)cap * d);
    p->n = 0;
    p->short_point = -1;
    size_t i = from;
    while (i < to) {
        size_t end = i;
        while (end < to && text[end] != '\n')
            end++;
        text[end] = '\0';
        char *save;
        if (strtok_r(text + i, " \t\n", &save)) {     /* the id */
            if (p->n == cap) {
                cap *= 2;
                p->values = realloc(p->values, sizeof(float) * (size_t)cap * d);
            }
            for (int j = 0; j < d; j++) {
                char *t = strtok_r(NULL, " ,\t\n", &save);
                if (!t) {
                    p->short_point = p->n;
                    return;
                }
                p->values[(size_t)p->n * d + j] = (float)atof(t);
            }
            p->n++;
        }
        i = end + 1;
    }
}

/* Reads up to n bytes of fd at offset off into dst (fewer only at the end
 * of the file); exits naming path on an error. */
static size_t read_at(int fd, char *dst, size_t n, size_t off, const char *path)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(fd, dst + got, n - got, (off_t)(off + got));
        if (r < 0) { perror(path); exit(1); }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return got;
}

/* Reads FILE: returns the attributes as rows of a contiguous array. The
 * first point line fixes the number of attributes (only the file's head is
 * read for it); then each thread reads (pread) and parses a contiguous
 * share of the lines (cut at line starts) and the shares are joined in file
 * order, as the Bamboo version's partitions. */
static float **read_points(const char *path, int *n_points, int *n_attributes)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) { perror(path); exit(1); }
    size_t size = (size_t)st.st_size;

    /* The first line with an attribute fixes d; the lines before it are skipped. */
    int d = -1;
    size_t first = 0;
    for (size_t head = 4096;; head *= 2) {
        char *text = malloc(head);
        size_t got = read_at(fd, text, head, 0, path);
        first = 0;
        while (first < got) {
            size_t end = first;
            while (end < got && text[end] != '\n')
                end++;
            if (end == got && got < size)
                break;  /* (a line that goes on past the head) */
            d = count_attributes(text + first, end - first);
            if (d > 0)
                break;
            d = -1;
            first = end + 1;
        }
        free(text);
        if (d > 0 || got >= size)
            break;
    }
    if (d <= 0) {
        fprintf(stderr, "%s: no points\n", path);
        exit(1);
    }

    int parts = omp_get_max_threads();
    if (parts < 1)
        parts = 1;
    piece *pieces = malloc(sizeof(piece) * parts);
    #pragma omp parallel for schedule(static, 1)
    for (int g = 0; g < parts; g++) {
        /* Cut g (0 < g < parts) is the first line start at or after the
         * share's nominal start; the thread reads from the byte before its
         * cut to a little past the next one (further if that is not
         * enough): text[k] is the file's byte base + k. */
        size_t from = first + (size - first) * (size_t)g / (size_t)parts;
        size_t to = g + 1 == parts ? size : first + (size - first) * (size_t)(g + 1) / (size_t)parts;
        size_t base = from > 0 ? from - 1 : 0;
        char *text = NULL;
        size_t stop;
        for (size_t extra = 4096;; extra *= 2) {
            size_t want = to + extra < size ? to + extra - base : size - base;
            char *more = realloc(text, want + 1);
            if (!more) { perror(path); exit(1); }
            text = more;
            stop = base + read_at(fd, text, want, base, path);
            while (g + 1 < parts && to > 0 && to < stop && text[to - 1 - base] != '\n')
                to++;
            if (to < stop || stop >= size)
                break;
        }
        while (g > 0 && from > 0 && from < to && text[from - 1 - base] != '\n')
            from++;
        parse_piece(text, from - base, to - base, d, &pieces[g]);
        free(text);
    }
    close(fd);

    int n = 0;
    for (int g = 0; g < parts; g++) {
        if (pieces[g].short_point >= 0) {
            fprintf(stderr, "%s: point %d has fewer than %d attributes\n", path,
                    n + pieces[g].short_point + 1, d);
            exit(1);
        }
        n += pieces[g].n;
    }
    if (n == 0) {
        fprintf(stderr, "%s: no points\n", path);
        exit(1);
    }
    float *values = malloc(sizeof(float) * (size_t)n * d);
    size_t at = 0;
    for (int g = 0; g < parts; g++) {
        memcpy(values + at, pieces[g].values, sizeof(float) * (size_t)pieces[g].n * d);
        at += (size_t)pieces[g].n * d;
        free(pieces[g].values);
    }
    free(pieces);
    return as_rows(values, n, d, n_points, n_attributes);
}
#endif /* _OPENMP */

/* Each attribute minus its mean, over its standard deviation (STAMP's
 * zscoreTransform: float sums, the variance over n). OpenMP: each attribute's
 * moments are summed in point order by one thread, the attributes in a
 * parallel for, and the points z-scored in a parallel for (as the Bamboo
 * version's bands take their columns' moments in parallel and its bands
 * and partitions z-score their own copies). */
static void zscore(float **points, int n, int d)
{
#ifdef _OPENMP
    float *means = malloc(sizeof(float) * d);
    float *sds = malloc(sizeof(float) * d);
    #pragma omp parallel for schedule(dynamic, 1)
#endif /* _OPENMP */
    for (int j = 0; j < d; j++) {
        float mean = 0.0f;
        for (int i = 0; i < n; i++)
            mean += points[i][j];
        mean = mean / n;
        float variance = 0.0f;
        for (int i = 0; i < n; i++) {
            double diff = points[i][j] - mean;
            variance += diff * diff;
        }
        variance = variance / n;
#ifndef _OPENMP
        float sd = (float)sqrt((double)variance);
        for (int i = 0; i < n; i++)
            points[i][j] = (points[i][j] - mean) / sd;
#else /* _OPENMP */
        means[j] = mean;
        sds[j] = (float)sqrt((double)variance);
#endif /* _OPENMP */
    }
#ifdef _OPENMP
    #pragma omp parallel for schedule(static)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < d; j++)
            points[i][j] = (points[i][j] - means[j]) / sds[j];
    free(means);
    free(sds);
#endif /* _OPENMP */
}

static float distance2(const float *a, const float *b, int d)
{
    float sum = 0.0f;
    for (int j = 0; j < d; j++)
        sum += (a[j] - b[j]) * (a[j] - b[j]);
    return sum;
}

static int nearest(const float *point, float **centres, int k, int d)
{
    int index = -1;
    float best = FLT_MAX;
    for (int c = 0; c < k; c++) {
        float dist = distance2(point, centres[c], d);
        if (dist / best < 0.99999f) {
            best = dist;
            index = c;
            if (best == 0)
                break;
        }
    }
    return index;
}

#ifdef _OPENMP
/* The attribute ranges the centres are summed over in parallel (the
 * Bamboo version's default number of bands). */
#define BANDS 8
#endif /* _OPENMP */

/* One clustering with k centres; returns the centres. */
static float **cluster(float **points, int n, int d, int k, float threshold)
{
    float **centres = malloc(sizeof(float *) * k);
    float **sums = malloc(sizeof(float *) * k);
    centres[0] = malloc(sizeof(float) * k * d);
    sums[0] = calloc((size_t)k * d, sizeof(float));
    for (int c = 1; c < k; c++) {
        centres[c] = centres[c - 1] + d;
        sums[c] = sums[c - 1] + d;
    }
#ifndef _OPENMP
    int *counts = calloc(k, sizeof(int));
#else /* _OPENMP */
    int bands = d < BANDS ? d : BANDS;
    int *counts = calloc((size_t)bands * k, sizeof(int));    /* each range's own */
#endif /* _OPENMP */
    int *membership = malloc(sizeof(int) * n);

    mt19937 rng;
    mt_seed(&rng, 7);
    for (int c = 0; c < k; c++) {
        int p = (int)(mt_next(&rng) % (uint32_t)n);
        memcpy(centres[c], points[p], sizeof(float) * d);
    }
    for (int i = 0; i < n; i++)
        membership[i] = -1;

    float delta;
    int loop = 0;
    do {
#ifndef _OPENMP
        /* Each point's nearest centre; the new centres summed in point order. */
        delta = 0.0f;
        for (int i = 0; i < n; i++) {
            int index = nearest(points[i], centres, k, d);
            if (membership[i] != index)
                delta += 1.0f;
            membership[i] = index;
            counts[index]++;
            for (int j = 0; j < d; j++)
                sums[index][j] += points[i][j];
        }
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < d; j++) {
                if (counts[c] > 0)
                    centres[c][j] = sums[c][j] / counts[c];
                sums[c][j] = 0.0f;
            }
            counts[c] = 0;
        }
#else /* _OPENMP */
        /* The nearest centres in a parallel for; then each attribute range's
         * sums, in point order, in a parallel for over the ranges. */
        int changed = 0;
        #pragma omp parallel for schedule(static) reduction(+:changed)
        for (int i = 0; i < n; i++) {
            int index = nearest(points[i], centres, k, d);
            if (membership[i] != index)
                changed++;
            membership[i] = index;
        }
        delta = (float)changed;
        #pragma omp parallel for schedule(dynamic, 1)
        for (int b = 0; b < bands; b++) {
            int from = b * d / bands, to = (b + 1) * d / bands;
            int *count = counts + (size_t)b * k;
            for (int i = 0; i < n; i++) {
                int index = membership[i];
                count[index]++;
                for (int j = from; j < to; j++)
                    sums[index][j] += points[i][j];
            }
            for (int c = 0; c < k; c++) {
                for (int j = from; j < to; j++) {
                    if (count[c] > 0)
                        centres[c][j] = sums[c][j] / count[c];
                    sums[c][j] = 0.0f;
                }
                count[c] = 0;
            }
        }
#endif /* _OPENMP */
        delta /= n;
    } while (delta > threshold && loop++ < 500);

    free(membership);
    free(counts);
    free(sums[0]);
    free(sums);
    return centres;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s FILE MIN MAX THRESHOLD\n", argv[0]);
        return 2;
    }
    int n, d;
    float **points = read_points(argv[1], &n, &d);
    int min_k = atoi(argv[2]);
    int max_k = atoi(argv[3]);
    float threshold = (float)atof(argv[4]);
    if (min_k < 1 || max_k < min_k) {
        fprintf(stderr, "need 1 <= MIN <= MAX\n");
        return 2;
    }
    zscore(points, n, d);
    float **centres = NULL;
    for (int k = min_k; k <= max_k; k++) {
        if (centres) {
            free(centres[0]);
            free(centres);
        }
        centres = cluster(points, n, d, k, threshold);
    }
    for (int c = 0; c < max_k; c++) {
        printf("%d ", c);
        for (int j = 0; j < d; j++)
            printf("%f ", centres[c][j]);
        printf("\n");
    }
    free(centres[0]);
    free(centres);
    free(points[0]);
    free(points);
    return 0;
}
