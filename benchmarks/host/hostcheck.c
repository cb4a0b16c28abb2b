/* hostcheck.c — how much CPU the host gives this machine right now.
 *
 * Runs THREADS threads at once, each the same fixed work: a CPU-bound loop
 * (a floating-point recurrence with no memory traffic), then a chase of
 * dependent loads around a random cycle through a 4 MiB table (beyond the
 * private caches, inside a shared last-level cache), and prints the wall
 * time of the whole run in milliseconds. On a quiet machine with at least
 * THREADS processors, THREADS threads take about as long as one, and one
 * thread takes the same time from one run to the next; a virtual machine
 * whose host runs other jobs gives less CPU (the first ratio) or a
 * disturbed cache (the second). The benchmark harness
 * (benchmarks/harness.py) reports both beside its figures.
 *
 * Usage: hostcheck THREADS [ITERATIONS]   (default 20,000,000 iterations;
 *        the chase takes ITERATIONS / 20 steps)
 * Build: cc -O2 -pthread hostcheck.c -o hostcheck
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long iterations = 20000000L;

/* The chase's table: one random cycle through all its slots (Sattolo's
 * shuffle with a fixed xorshift seed), shared read-only by the threads. */
#define TABLE_SLOTS ((4u << 20) / sizeof(size_t))
static size_t *table;
static double *results;  /* one per thread */

static void make_table(void) {
    for (size_t i = 0; i < TABLE_SLOTS; i++) table[i] = i;
    unsigned long long s = 88172645463325252ULL;
    for (size_t i = TABLE_SLOTS - 1; i > 0; i--) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        size_t j = (size_t)(s % i), t = table[i];
        table[i] = table[j];
        table[j] = t;
    }
}

static void *spin(void *out) {
    double x = 0.5;
    for (long i = 0; i < iterations; i++) x = x * 3.7 * (1.0 - x);  /* logistic map: a dependent chain */
    size_t p = (size_t)((double *)out - results) * 4099 % TABLE_SLOTS;  /* each thread starts elsewhere */
    for (long i = 0; i < iterations / 20; i++) p = table[p];
    *(double *)out = x + (double)(p & 1);
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
    results = calloc((size_t)threads, sizeof *results);
    table = malloc(TABLE_SLOTS * sizeof *table);
    if (!ids || !results || !table) {
        perror("calloc");
        return 1;
    }
    make_table();
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
    free(table);
    return 0;
}
