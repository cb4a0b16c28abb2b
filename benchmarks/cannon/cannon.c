/* cannon.c — Cannon's matrix multiply, sequential reference: the Q x Q tile
 * grid on one core, tiles moved by pointer (cannon_kernel.h).
 * Usage: cannon N Q */
#include "cannon_kernel.h"

int main(int argc, char **argv) {
    int n, q;
    cn_args(argc, argv, &n, &q);
    int t = n / q, tiles = q * q;
    size_t sz = (size_t)t * t;
    double **a = malloc((size_t)tiles * sizeof *a), **b = malloc((size_t)tiles * sizeof *b);
    double **c = malloc((size_t)tiles * sizeof *c), **next = malloc((size_t)tiles * sizeof *next);
    for (int i = 0; i < q; i++)
        for (int j = 0; j < q; j++) {
            a[i * q + j] = cn_alloc(sz);
            b[i * q + j] = cn_alloc(sz);
            c[i * q + j] = cn_alloc(sz);
            cn_tile(0, i, (i + j) % q, t, a[i * q + j]);
            cn_tile(1, (i + j) % q, j, t, b[i * q + j]);
        }
    for (int s = 0; s < q; s++) {
        for (int i = 0; i < tiles; i++)
            cn_multiply(t, a[i], b[i], c[i]);
        /* A one place left, B one place up. */
        for (int i = 0; i < q; i++)
            for (int j = 0; j < q; j++)
                next[i * q + j] = a[i * q + (j + 1) % q];
        memcpy(a, next, (size_t)tiles * sizeof *a);
        for (int i = 0; i < q; i++)
            for (int j = 0; j < q; j++)
                next[i * q + j] = b[((i + 1) % q) * q + j];
        memcpy(b, next, (size_t)tiles * sizeof *b);
    }
    double *sums = malloc((size_t)tiles * sizeof(double));
    for (int i = 0; i < tiles; i++) {
        sums[i] = cn_sum(t, c[i]);
        free(a[i]);
        free(b[i]);
        free(c[i]);
    }
    cn_report(n, q, sums);
    free(sums);
    free(a);
    free(b);
    free(c);
    free(next);
    return 0;
}
