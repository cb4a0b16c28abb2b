/* pingpong.c — MPI's own ping-pong between ranks 0 and 1, the yardstick of
 * benchmarks/mpi/bench.sh for the MPI backend's object moves (issue 31).
 * In: the message size in bytes and the round trips. Out: one line with
 * messages per second (one way) and bytes per second. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long size = argc > 1 ? atol(argv[1]) : 64, trips = argc > 2 ? atol(argv[2]) : 10000;
  char *buf = calloc((size_t)size + 1, 1);
  if (!buf) return 1;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (long i = 0; i < trips; i++) {
    if (rank == 0) {
      MPI_Send(buf, (int)size, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(buf, (int)size, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(buf, (int)size, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, (int)size, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
  }
  double t = MPI_Wtime() - t0;
  if (rank == 0)
    printf("mpi pingpong: %ld bytes: %.0f messages/s, %.1f MB/s\n", size, 2.0 * trips / t, 2.0 * trips * size / t / 1e6);
  free(buf);
  MPI_Finalize();
  return 0;
}
