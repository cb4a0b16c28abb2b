/* jacobi3d.c — Jacobi-3D, sequential reference: the whole grid as one slab
 * (jacobi3d_kernel.h). Usage: jacobi3d N ITERATIONS */
#include "jacobi3d_kernel.h"

int main(int argc, char **argv) {
    int n, iters;
    j3_args(argc, argv, &n, &iters);
    double *u = j3_slab(n, 0, n), *v = j3_slab(n, 0, n);
    for (int t = 0; t < iters; t++) {
        j3_sweep(n, u, v, 1, n + 1);
        double *s = u;
        u = v;
        v = s;
    }
    double *sums = malloc((size_t)n * sizeof(double));
    for (int z = 0; z < n; z++)
        sums[z] = j3_plane_sum(n, u, z + 1);
    j3_report(n, iters, sums);
    free(sums);
    free(u);
    free(v);
    return 0;
}
