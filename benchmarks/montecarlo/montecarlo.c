/* montecarlo.c — C references for the MonteCarlo benchmark (Java Grande
 * Forum, section 3): price paths of a stock simulated from the statistics
 * of a historical rate file, and the expected return rate re-estimated on
 * each path, averaged over the runs. Compiled plain, the sequential
 * reference; with -fopenmp, the OpenMP one: the runs are a parallel for,
 * each thread with its own path buffers; the rates are summed afterwards in
 * run order, so the output does not depend on the thread count.
 *
 * JGF's algorithm, quirks included: the rate file's return path starts with
 * a 0.0 that the statistics skip; mean and variance are over n-1 values;
 * volatility^2 = variance/dt and rate = mean/dt + volatility^2/2 with
 * dt = 1/365; run i draws its fluctuations from java.util.Random(11*i)
 * .nextGaussian() (reimplemented below), the path starts at 100 and
 * p[t] = p[t-1] * exp(fluct[t]) for t >= 1.
 *
 * Usage: montecarlo HITDATA RUNS  (OpenMP: OMP_NUM_THREADS=k montecarlo_omp ...)
 * Output (same text as montecarlo.bb; the rate's last digits may differ,
 * since Java's nextGaussian uses fdlibm's log and this uses the C library's;
 * JGF's tolerance is 1e-12):
 *   MonteCarlo: runs=<RUNS>
 *   expectedReturnRate = <average over runs, summed in run order>
 *   VALID | INVALID            for RUNS = 10000 (JGF A) or 60000 (JGF B)
 *
 * Build: cc -O2 montecarlo.c -o montecarlo -lm
 *        cc -O2 -fopenmp montecarlo.c -o montecarlo_omp -lm
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/java_format.h"

#define TIME_STEPS 1000
#define START_VALUE 100.0
#define DTIME (1.0 / 365.0)

/* java.util.Random: a 48-bit linear congruential generator. */
typedef struct {
    uint64_t seed;
    double next_next_gaussian;
    int have_next_next_gaussian;
} java_random;

static void random_init(java_random *r, int64_t seed)
{
    r->seed = ((uint64_t)seed ^ 0x5DEECE66DULL) & ((1ULL << 48) - 1);
    r->have_next_next_gaussian = 0;
}

static int32_t random_next(java_random *r, int bits)
{
    r->seed = (r->seed * 0x5DEECE66DULL + 0xBULL) & ((1ULL << 48) - 1);
    return (int32_t)(r->seed >> (48 - bits));
}

static double random_next_double(java_random *r)
{
    return (double)(((int64_t)random_next(r, 26) << 27) + random_next(r, 27))
           * (1.0 / (double)(1ULL << 53));
}

static double random_next_gaussian(java_random *r)
{
    if (r->have_next_next_gaussian) {
        r->have_next_next_gaussian = 0;
        return r->next_next_gaussian;
    }
    double v1, v2, s;
    do {
        v1 = 2 * random_next_double(r) - 1;
        v2 = 2 * random_next_double(r) - 1;
        s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s == 0);
    double multiplier = sqrt(-2 * log(s) / s);
    r->next_next_gaussian = v2 * multiplier;
    r->have_next_next_gaussian = 1;
    return v1 * multiplier;
}

/* JGF's ReturnPath.estimatePath over the log returns of prices[0..n-1];
 * returns is scratch space of n values. */
static void estimate(const double *prices, int n, double *returns,
                     double *expected_return_rate, double *volatility)
{
    returns[0] = 0.0;
    for (int i = 1; i < n; i++)
        returns[i] = log(prices[i] / prices[i - 1]);
    double mean = 0.0;
    for (int i = 1; i < n; i++)
        mean += returns[i];
    mean /= (double)(n - 1.0);
    double variance = 0.0;
    for (int i = 1; i < n; i++)
        variance += (returns[i] - mean) * (returns[i] - mean);
    variance /= (double)(n - 1.0);
    double volatility2 = variance / DTIME;
    *expected_return_rate = mean / DTIME + 0.5 * volatility2;
    *volatility = sqrt(volatility2);
}

/* The close prices (field 4) of the CSV lines YYMMDD,open,high,low,close,...;
 * like JGF, skips dates before 1900 and zero prices. */
static double *read_rates(const char *path, int *count)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); exit(1); }
    int cap = 1024, n = 0;
    double *values = malloc(sizeof(double) * cap);
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *field[8];
        int nf = 0;
        for (char *tok = strtok(line, ",\r\n"); tok && nf < 8; tok = strtok(NULL, ",\r\n"))
            field[nf++] = tok;
        if (nf <= 4) {
            fprintf(stderr, "%s: line %d has fewer than 5 fields\n", path, n + 1);
            exit(1);
        }
        int date = 19000000 + atoi(field[0]);
        double value = strtod(field[4], NULL);
        if (date <= 19000101 || fabs(value) < 10.0 * 4.9e-324)
            continue;
        if (n == cap) {
            cap *= 2;
            values = realloc(values, sizeof(double) * cap);
        }
        values[n++] = value;
    }
    fclose(f);
    *count = n;
    return values;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s HITDATA RUNS\n", argv[0]);
        return 2;
    }
    int n_history;
    double *history = read_rates(argv[1], &n_history);
    int runs = atoi(argv[2]);
    if (runs < 1 || n_history < 2) {
        fprintf(stderr, "need at least one run and two rates\n");
        return 2;
    }
    double *scratch = malloc(sizeof(double) * n_history);
    double expected_return_rate, volatility;
    estimate(history, n_history, scratch, &expected_return_rate, &volatility);

    double *rates = malloc(sizeof(double) * runs);
#ifndef _OPENMP
    double fluctuations[TIME_STEPS], prices[TIME_STEPS], returns[TIME_STEPS];
#endif
    const double mean = (expected_return_rate - 0.5 * volatility * volatility) * DTIME;
    const double sd = volatility * sqrt(DTIME);
    #pragma omp parallel for schedule(static)
    for (int run = 0; run < runs; run++) {
#ifdef _OPENMP
        double fluctuations[TIME_STEPS], prices[TIME_STEPS], returns[TIME_STEPS];
#endif
        java_random rnd;
        random_init(&rnd, (int64_t)run * 11);
        for (int t = 0; t < TIME_STEPS; t++)
            fluctuations[t] = mean + sd * random_next_gaussian(&rnd);
        prices[0] = START_VALUE;
        for (int t = 1; t < TIME_STEPS; t++)
            prices[t] = prices[t - 1] * exp(fluctuations[t]);
        double path_volatility;
        estimate(prices, TIME_STEPS, returns, &rates[run], &path_volatility);
    }

    double sum = 0.0;
    for (int i = 0; i < runs; i++)
        sum += rates[i];
    double average = sum / runs;
    char text[40];
    java_double_string(average, text);
    printf("MonteCarlo: runs=%d\n", runs);
    printf("expectedReturnRate = %s\n", text);
    double reference = runs == 10000 ? -0.0333976656762814
                     : runs == 60000 ? -0.03215796752868655 : NAN;
    if (isnan(reference))
        printf("no JGF reference for this size\n");
    else
        printf("%s\n", fabs(average - reference) <= 1.0e-12 ? "VALID" : "INVALID");
    free(rates);
    free(scratch);
    free(history);
    return 0;
}
