/* jacobi3d_mpi_overlap.c — Jacobi-3D in MPI, "MPI-overlap": the halo
 * exchange is split-phase (MPI_Irecv/MPI_Isend of the boundary planes),
 * the planes that need no ghost are updated while it is in flight, and the
 * two boundary planes after MPI_Waitall.
 * Usage: mpirun -np P jacobi3d_mpi_overlap N ITERATIONS */
#include "jacobi3d_mpi.h"

int main(int argc, char **argv) {
    struct j3_rank r;
    j3_start(argc, argv, &r);
    int plane = (r.n + 2) * (r.n + 2);
    for (int t = 0; t < r.iters; t++) {
        MPI_Request req[4];
        MPI_Irecv(r.u, plane, MPI_DOUBLE, r.below, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Irecv(r.u + (size_t)(r.nz + 1) * plane, plane, MPI_DOUBLE, r.above, 1,
                  MPI_COMM_WORLD, &req[1]);
        MPI_Isend(r.u + (size_t)r.nz * plane, plane, MPI_DOUBLE, r.above, 0, MPI_COMM_WORLD,
                  &req[2]);
        MPI_Isend(r.u + plane, plane, MPI_DOUBLE, r.below, 1, MPI_COMM_WORLD, &req[3]);
        /* Planes 2 .. nz-1 read no ghost. */
        if (r.nz > 2)
            j3_sweep(r.n, r.u, r.v, 2, r.nz);
        MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
        j3_sweep(r.n, r.u, r.v, 1, 2);
        if (r.nz > 1)
            j3_sweep(r.n, r.u, r.v, r.nz, r.nz + 1);
        double *s = r.u;
        r.u = r.v;
        r.v = s;
    }
    j3_finish(&r);
    return 0;
}
