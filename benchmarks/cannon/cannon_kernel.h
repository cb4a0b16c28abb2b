/* cannon_kernel.h — what every C version of Cannon's matrix multiply shares
 * (cannon.c, cannon_mpi_basic.c, cannon_mpi_overlap.c), written as cannon.bb
 * writes it, so all print the same checksum bit for bit.
 *
 * C = A B for N x N matrices cut into a Q x Q grid of tiles of side
 * T = N / Q, each stored row-major. Tile (i, j) starts with A's tile
 * (i, (i + j) mod Q) and B's tile ((i + j) mod Q, j) (Cannon's skew); after
 * each of the Q steps A's tiles move one place left and B's one place up. */
#ifndef CANNON_KERNEL_H
#define CANNON_KERNEL_H

#include "../cluster/checksum.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double cn_a(int r, int c) { return (double)((r * 3 + c * 7) % 17) / 16.0 - 0.5; }
static double cn_b(int r, int c) { return (double)((r * 5 + c * 11) % 13) / 12.0 - 0.5; }

static double *cn_alloc(size_t doubles) {
    double *p = calloc(doubles, sizeof(double));
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

/* Tile (ti, tj) of A (which = 0) or B (which = 1), side t, into out. */
static void cn_tile(int which, int ti, int tj, int t, double *out) {
    for (int r = 0; r < t; r++)
        for (int c = 0; c < t; c++)
            out[r * t + c] = which == 0 ? cn_a(ti * t + r, tj * t + c) : cn_b(ti * t + r, tj * t + c);
}

/* c += a b for tiles of side t, rows of c outermost, then a's columns. */
static void cn_multiply(int t, const double *a, const double *b, double *c) {
    for (int r = 0; r < t; r++)
        for (int k = 0; k < t; k++) {
            double x = a[r * t + k];
            const double *br = b + (size_t)k * t;
            double *cr = c + (size_t)r * t;
            for (int col = 0; col < t; col++)
                cr[col] += x * br[col];
        }
}

static double cn_sum(int t, const double *c) {
    double s = 0.0;
    for (int i = 0; i < t * t; i++)
        s += c[i];
    return s;
}

/* The output: the tiles' sums added in row-major tile order. */
static void cn_report(int n, int q, const double *tile_sums) {
    double sum = 0.0;
    for (int i = 0; i < q * q; i++)
        sum += tile_sums[i];
    printf("Cannon: N=%d Q=%d\n", n, q);
    cluster_print_checksum(sum);
}

/* N and Q from argv (Q divides N), or a usage message and exit. */
static void cn_args(int argc, char **argv, int *n, int *q) {
    if (argc < 3 || (*n = atoi(argv[1])) < 1 || (*q = atoi(argv[2])) < 1 || *n % *q != 0) {
        fprintf(stderr, "usage: %s N Q   (Q divides N)\n", argv[0]);
        exit(2);
    }
}

#endif
