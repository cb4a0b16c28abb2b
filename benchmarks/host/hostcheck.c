/* hostcheck.c — how much CPU the host gives this machine right now.
 *
 * Runs THREADS threads at once, each the same fixed CPU-bound loop (a
 * floating-point recurrence with no memory traffic), and prints the wall
 * time of the whole run in milliseconds. On a quiet machine with at least
 * THREADS processors, THREADS threads take as long as one; a virtual
 * machine whose host runs other jobs gives less, and the benchmark harness
 * (benchmarks/harness.py) reports the ratio beside its N-core figures.
 *
 * Usage: hostcheck THREADS [ITERATIONS]   (default 20,000,000 iterations)
 * Build: cc -O2 -pthread hostcheck.c -o hostcheck
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long iterations = 20000000L;

static void *spin(void *out) {
    double x = 0.5;
    for (long i = 0; i < iterations; i++) x = x * 3.7 * (1.0 - x);  /* logistic map: a dependent chain */
    *(double *)out = x;
    return NULL;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 0;
    if (argc > 2) iterations = atol(argv[2]);
    if (threads < 1 || threads > 1024 || iterations < 1) {
        fprintf(stderr, "usage: hostcheck THREADS [ITERATIONS]\n");
        return 2;
    }
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    double *results = calloc((size_t)threads, sizeof *results);
    if (!ids || !results) {
        perror("calloc");
        return 1;
    }
    double t0 = now_ms();
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&ids[i], NULL, spin, &results[i]) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    double sum = 0;
    for (int i = 0; i < threads; i++) {
        pthread_join(ids[i], NULL);
        sum += results[i];
    }
    printf("%.3f ms (%d threads, checksum %.6f)\n", now_ms() - t0, threads, sum);
    free(ids);
    free(results);
    return 0;
}
