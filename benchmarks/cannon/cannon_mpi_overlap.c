/* cannon_mpi_overlap.c — Cannon's multiply in MPI, "MPI-overlap": each
 * step's B shift is posted (MPI_Isend/MPI_Irecv) before the step's
 * multiplies, which only read the row being sent, and waited for after.
 * Usage: mpirun -np P cannon_mpi_overlap N Q   (P divides Q) */
#include "cannon_mpi.h"

int main(int argc, char **argv) {
    struct cn_rank r;
    cn_start(argc, argv, &r);
    int row = (int)r.sz * r.q;
    for (int s = 0; s < r.q; s++) {
        MPI_Request req[2];
        int shift = s + 1 < r.q;
        if (shift) {
            MPI_Irecv(r.spare, row, MPI_DOUBLE, r.down, 0, MPI_COMM_WORLD, &req[0]);
            MPI_Isend(r.brow[0], row, MPI_DOUBLE, r.up, 0, MPI_COMM_WORLD, &req[1]);
        }
        cn_multiply_all(&r);
        if (shift) {
            MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
            cn_rotate(&r);
        }
    }
    cn_finish(&r);
    return 0;
}
