/* jacobi3d_mpi.h — what the two MPI versions of Jacobi-3D share: rank r of
 * P owns planes N*r/P .. N*(r+1)/P - 1 (a slab, jacobi3d_kernel.h); the
 * plane sums are gathered to rank 0, which adds them in plane order, so the
 * checksum is the sequential one bit for bit. */
#ifndef JACOBI3D_MPI_H
#define JACOBI3D_MPI_H

#include "jacobi3d_kernel.h"
#include <mpi.h>

struct j3_rank {
    int n, iters, rank, ranks, z0, nz;
    int below, above; /* neighbour ranks, MPI_PROC_NULL at the ends */
    double *u, *v;
};

static void j3_start(int argc, char **argv, struct j3_rank *r) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r->ranks);
    j3_args(argc, argv, &r->n, &r->iters);
    if (r->ranks > r->n) {
        if (r->rank == 0)
            fprintf(stderr, "more ranks than planes\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    r->z0 = (int)((long)r->n * r->rank / r->ranks);
    r->nz = (int)((long)r->n * (r->rank + 1) / r->ranks) - r->z0;
    r->below = r->rank > 0 ? r->rank - 1 : MPI_PROC_NULL;
    r->above = r->rank + 1 < r->ranks ? r->rank + 1 : MPI_PROC_NULL;
    r->u = j3_slab(r->n, r->z0, r->nz);
    r->v = j3_slab(r->n, r->z0, r->nz);
}

/* Gathers the plane sums, prints on rank 0, frees and ends MPI. */
static void j3_finish(struct j3_rank *r) {
    double *mine = malloc((size_t)r->nz * sizeof(double));
    for (int z = 0; z < r->nz; z++)
        mine[z] = j3_plane_sum(r->n, r->u, z + 1);
    int *counts = malloc((size_t)r->ranks * sizeof(int));
    int *starts = malloc((size_t)r->ranks * sizeof(int));
    for (int q = 0; q < r->ranks; q++) {
        starts[q] = (int)((long)r->n * q / r->ranks);
        counts[q] = (int)((long)r->n * (q + 1) / r->ranks) - starts[q];
    }
    double *all = r->rank == 0 ? malloc((size_t)r->n * sizeof(double)) : NULL;
    MPI_Gatherv(mine, r->nz, MPI_DOUBLE, all, counts, starts, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (r->rank == 0)
        j3_report(r->n, r->iters, all);
    free(all);
    free(starts);
    free(counts);
    free(mine);
    free(r->u);
    free(r->v);
    MPI_Finalize();
}

#endif
