/* jacobi3d_mpi_basic.c — Jacobi-3D in MPI, "MPI-basic": a blocking halo
 * exchange (MPI_Sendrecv of the boundary planes with both neighbours), then
 * the whole slab's update, every iteration.
 * Usage: mpirun -np P jacobi3d_mpi_basic N ITERATIONS */
#include "jacobi3d_mpi.h"

int main(int argc, char **argv) {
    struct j3_rank r;
    j3_start(argc, argv, &r);
    int plane = (r.n + 2) * (r.n + 2);
    for (int t = 0; t < r.iters; t++) {
        /* Up: my top plane to the rank above, my low ghost from below. */
        MPI_Sendrecv(r.u + (size_t)r.nz * plane, plane, MPI_DOUBLE, r.above, 0, r.u, plane,
                     MPI_DOUBLE, r.below, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        /* Down: my bottom plane to the rank below, my high ghost from above. */
        MPI_Sendrecv(r.u + plane, plane, MPI_DOUBLE, r.below, 1,
                     r.u + (size_t)(r.nz + 1) * plane, plane, MPI_DOUBLE, r.above, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        j3_sweep(r.n, r.u, r.v, 1, r.nz + 1);
        double *s = r.u;
        r.u = r.v;
        r.v = s;
    }
    j3_finish(&r);
    return 0;
}
