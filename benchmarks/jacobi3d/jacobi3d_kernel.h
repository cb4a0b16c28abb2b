/* jacobi3d_kernel.h — the arithmetic every C version of Jacobi-3D shares
 * (jacobi3d.c, jacobi3d_mpi_basic.c, jacobi3d_mpi_overlap.c), written as
 * jacobi3d.bb writes it, so all print the same checksum bit for bit.
 *
 * The grid has N x N x N interior points; a slab of planes z0 .. z0+nz-1 is
 * stored with one ghost plane below and above and a ring of zeros around
 * each plane: (nz + 2) planes of (N + 2) x (N + 2) doubles. The boundary
 * below plane 0 holds 1.0, every other boundary 0.0. */
#ifndef JACOBI3D_KERNEL_H
#define JACOBI3D_KERNEL_H

#include "../cluster/checksum.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The starting value of interior point (x, y, z). */
static double j3_initial(int x, int y, int z) {
    return (double)((x * 7 + y * 13 + z * 17) % 101) / 100.0;
}

/* A slab's array: ghosts zero, interior from j3_initial, the low ghost 1.0
 * when the slab starts at plane 0. */
static double *j3_slab(int n, int z0, int nz) {
    size_t w = (size_t)n + 2, plane = w * w;
    double *u = calloc((size_t)(nz + 2) * plane, sizeof(double));
    if (!u) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++)
                u[(size_t)(z + 1) * plane + (size_t)(y + 1) * w + (size_t)(x + 1)] =
                    j3_initial(x, y, z0 + z);
    if (z0 == 0)
        for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
                u[(size_t)y * w + (size_t)x] = 1.0;
    return u;
}

/* One Jacobi step of local planes lo .. hi-1 (1-based, ghosts at 0 and
 * nz+1) from u into v: the centre and its six neighbours, in this order. */
static void j3_sweep(int n, const double *u, double *v, int lo, int hi) {
    int w = n + 2, plane = w * w;
    for (int z = lo; z < hi; z++)
        for (int y = 1; y <= n; y++) {
            int i = z * plane + y * w + 1;
            for (int x = 0; x < n; x++, i++)
                v[i] = (u[i] + u[i - 1] + u[i + 1] + u[i - w] + u[i + w] + u[i - plane] +
                        u[i + plane]) *
                       (1.0 / 7.0);
        }
}

/* The sum of local plane z's interior points, row by row. */
static double j3_plane_sum(int n, const double *u, int z) {
    int w = n + 2;
    double s = 0.0;
    for (int y = 1; y <= n; y++)
        for (int x = 1; x <= n; x++)
            s += u[z * w * w + y * w + x];
    return s;
}

/* The output: the plane sums added in plane order. */
static void j3_report(int n, int iters, const double *plane_sums) {
    double sum = 0.0;
    for (int z = 0; z < n; z++)
        sum += plane_sums[z];
    printf("Jacobi3D: N=%d iterations=%d\n", n, iters);
    cluster_print_checksum(sum);
}

/* N and the iterations from argv, or a usage message and exit. */
static void j3_args(int argc, char **argv, int *n, int *iters) {
    if (argc < 3 || (*n = atoi(argv[1])) < 1 || (*iters = atoi(argv[2])) < 1) {
        fprintf(stderr, "usage: %s N ITERATIONS\n", argv[0]);
        exit(2);
    }
}

#endif
