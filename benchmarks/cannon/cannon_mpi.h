/* cannon_mpi.h — what the two MPI versions of Cannon's multiply share: P
 * ranks (P divides Q) each own Q / P consecutive rows of the Q x Q tile grid
 * (cannon_kernel.h). A's tiles move left within a row, so on the rank; B's
 * move up, so a rank's first row of B tiles (one contiguous array) goes to
 * the rank above (cyclically) and its last row comes from the rank below.
 * The tile sums are gathered to rank 0, which adds them in tile order. */
#ifndef CANNON_MPI_H
#define CANNON_MPI_H

#include "cannon_kernel.h"
#include <mpi.h>

struct cn_rank {
    int n, q, t, rank, ranks, rows, row0;
    int up, down;    /* ranks that take my first B row and send my last */
    size_t sz;       /* doubles per tile */
    double **a, **c; /* rows x q tiles */
    double **brow;   /* rows arrays of q B tiles each */
    double *spare;   /* a B row's worth, for the one arriving */
};

static void cn_start(int argc, char **argv, struct cn_rank *r) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r->ranks);
    cn_args(argc, argv, &r->n, &r->q);
    if (r->q % r->ranks != 0) {
        if (r->rank == 0)
            fprintf(stderr, "the ranks must divide Q\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int q = r->q;
    r->t = r->n / q;
    r->sz = (size_t)r->t * r->t;
    r->rows = q / r->ranks;
    r->row0 = r->rank * r->rows;
    r->up = (r->rank + r->ranks - 1) % r->ranks;
    r->down = (r->rank + 1) % r->ranks;
    r->a = malloc((size_t)r->rows * q * sizeof *r->a);
    r->c = malloc((size_t)r->rows * q * sizeof *r->c);
    r->brow = malloc((size_t)r->rows * sizeof *r->brow);
    r->spare = cn_alloc(r->sz * q);
    for (int li = 0; li < r->rows; li++) {
        int i = r->row0 + li;
        r->brow[li] = cn_alloc(r->sz * q);
        for (int j = 0; j < q; j++) {
            r->a[li * q + j] = cn_alloc(r->sz);
            r->c[li * q + j] = cn_alloc(r->sz);
            cn_tile(0, i, (i + j) % q, r->t, r->a[li * q + j]);
            cn_tile(1, (i + j) % q, j, r->t, r->brow[li] + (size_t)j * r->sz);
        }
    }
}

/* Every tile of this rank: c += a b. */
static void cn_multiply_all(struct cn_rank *r) {
    for (int li = 0; li < r->rows; li++)
        for (int j = 0; j < r->q; j++)
            cn_multiply(r->t, r->a[li * r->q + j], r->brow[li] + (size_t)j * r->sz,
                        r->c[li * r->q + j]);
}

/* After my first B row was sent and the next last row received into
 * spare: A one place left (pointers), B rows one place up. */
static void cn_rotate(struct cn_rank *r) {
    int q = r->q;
    for (int li = 0; li < r->rows; li++) {
        double *first = r->a[li * q];
        memmove(r->a + li * q, r->a + li * q + 1, (size_t)(q - 1) * sizeof *r->a);
        r->a[li * q + q - 1] = first;
    }
    double *sent = r->brow[0];
    memmove(r->brow, r->brow + 1, (size_t)(r->rows - 1) * sizeof *r->brow);
    r->brow[r->rows - 1] = r->spare;
    r->spare = sent;
}

/* Gathers the tile sums, prints on rank 0, frees and ends MPI. */
static void cn_finish(struct cn_rank *r) {
    int mine_n = r->rows * r->q;
    double *mine = malloc((size_t)mine_n * sizeof(double));
    for (int i = 0; i < mine_n; i++)
        mine[i] = cn_sum(r->t, r->c[i]);
    double *all = r->rank == 0 ? malloc((size_t)r->q * r->q * sizeof(double)) : NULL;
    MPI_Gather(mine, mine_n, MPI_DOUBLE, all, mine_n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (r->rank == 0)
        cn_report(r->n, r->q, all);
    free(all);
    free(mine);
    for (int i = 0; i < mine_n; i++) {
        free(r->a[i]);
        free(r->c[i]);
    }
    for (int li = 0; li < r->rows; li++)
        free(r->brow[li]);
    free(r->spare);
    free(r->brow);
    free(r->a);
    free(r->c);
    MPI_Finalize();
}

#endif
