/* cannon_mpi_basic.c — Cannon's multiply in MPI, "MPI-basic": every step
 * multiplies the rank's tiles, then shifts B with a blocking MPI_Sendrecv.
 * Usage: mpirun -np P cannon_mpi_basic N Q   (P divides Q) */
#include "cannon_mpi.h"

int main(int argc, char **argv) {
    struct cn_rank r;
    cn_start(argc, argv, &r);
    int row = (int)r.sz * r.q;
    for (int s = 0; s < r.q; s++) {
        cn_multiply_all(&r);
        if (s + 1 < r.q) {
            MPI_Sendrecv(r.brow[0], row, MPI_DOUBLE, r.up, 0, r.spare, row, MPI_DOUBLE, r.down, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            cn_rotate(&r);
        }
    }
    cn_finish(&r);
    return 0;
}
