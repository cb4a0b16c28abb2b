/* filterbank.c — C references for the FilterBank benchmark (StreamIt's
 * FilterBankNew, generalised to any number of channels and taps). Compiled
 * plain, the sequential reference; with -fopenmp, the OpenMP one: the
 * channels run as a parallel for, each into its own output row; the rows are
 * then added sequentially in channel order, so the float sums are the same.
 *
 * Usage: filterbank CHANNELS TAPS SAMPLES  (OpenMP: OMP_NUM_THREADS=k filterbank_omp ...)
 *
 * The input is the ramp 0, 1, ..., 1001, 0, 1, ... (StreamIt's source).
 * Channel c (0-based) has two FIR filters of TAPS coefficients each,
 * computed from the indices as in FilterBankNew:
 *   H[c][i] = i*TAPS + c*CHANNELS + c + i + c + 1
 *   F[c][i] = i*c + c*c + c + i
 * Each channel filters the input with H, keeps every DECIMATION-th sample
 * (down-sampling), puts DECIMATION-1 zeros after each kept sample
 * (up-sampling), and filters the result with F; the output is the sum of
 * the channels, added in channel order. Filters are causal with zero
 * history: h[n] = sum over k = 0 .. min(TAPS-1, n) of H[k] * x[n-k], taken
 * in increasing k. All arithmetic is in float.
 *
 * Output (identical, byte for byte, to filterbank.bb and the OpenMP build):
 * SAMPLES lines, output sample n on line n+1, printed as Java's
 * Float.toString prints it (java_float_string, ../common/java_format.h). With
 * CHANNELS=8, TAPS=32 the first 801 lines match StreamIt's FilterBankNew
 * output (data/FilterBankNew.out) to 1e-5 relative.
 *
 * Build: cc -O2 filterbank.c -o filterbank -lm
 *        cc -O2 -fopenmp filterbank.c -o filterbank_omp -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/java_format.h"

#define DECIMATION 8
#define RAMP_MAX 1001

/* Causal FIR filter with zero history: out[n] = sum_k coeff[k] * in[n-k]. */
static void fir(const float *in, float *out, int samples, const float *coeff, int taps)
{
    for (int n = 0; n < samples; n++) {
        int last = n < taps - 1 ? n : taps - 1;
        float sum = 0.0f;
        for (int k = 0; k <= last; k++)
            sum += coeff[k] * in[n - k];
        out[n] = sum;
    }
}

/* Channel c of the bank into filtered: its filters' coefficients, the first
 * filter over the input into h, down- and up-sampling into sampled, the
 * second filter. */
static void channel(int c, int channels, int taps, int samples, const float *input, float *h,
                    float *sampled, float *coeff_h, float *coeff_f, float *filtered)
{
    for (int i = 0; i < taps; i++) {
        coeff_h[i] = (float)(i * taps + c * channels + c + i + c + 1);
        coeff_f[i] = (float)(i * c + c * c + c + i);
    }
    fir(input, h, samples, coeff_h, taps);
    for (int n = 0; n < samples; n++)
        sampled[n] = n % DECIMATION == 0 ? h[n] : 0.0f;
    fir(sampled, filtered, samples, coeff_f, taps);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s CHANNELS TAPS SAMPLES\n", argv[0]);
        return 2;
    }
    int channels = atoi(argv[1]);
    int taps = atoi(argv[2]);
    int samples = atoi(argv[3]);
    if (channels < 1 || taps < 1 || samples < 1) {
        fprintf(stderr, "CHANNELS, TAPS and SAMPLES must be positive\n");
        return 2;
    }
#ifdef _OPENMP
    float *input = malloc(sizeof(float) * samples);
    float *filtered = malloc(sizeof(float) * (size_t)channels * samples);
    float *output = malloc(sizeof(float) * samples);
    if (!input || !filtered || !output) {
        perror("malloc");
        return 1;
    }
#else
    float *input = malloc(sizeof(float) * samples);
    float *h = malloc(sizeof(float) * samples);
    float *sampled = malloc(sizeof(float) * samples);
    float *filtered = malloc(sizeof(float) * samples);
    float *output = malloc(sizeof(float) * samples);
    float *coeff_h = malloc(sizeof(float) * taps);
    float *coeff_f = malloc(sizeof(float) * taps);
    if (!input || !h || !sampled || !filtered || !output || !coeff_h || !coeff_f) {
        perror("malloc");
        return 1;
    }
#endif
    for (int n = 0; n < samples; n++) {
        input[n] = (float)(n % (RAMP_MAX + 1));
        output[n] = 0.0f;
    }

#ifdef _OPENMP
    int failed = 0;
    #pragma omp parallel for schedule(dynamic, 1)
    for (int c = 0; c < channels; c++) {
        float *h = malloc(sizeof(float) * samples);
        float *sampled = malloc(sizeof(float) * samples);
        float *coeff_h = malloc(sizeof(float) * taps);
        float *coeff_f = malloc(sizeof(float) * taps);
        if (!h || !sampled || !coeff_h || !coeff_f) {
            #pragma omp atomic write
            failed = 1;
        } else {
            channel(c, channels, taps, samples, input, h, sampled, coeff_h, coeff_f,
                    filtered + (size_t)c * samples);
        }
        free(h); free(sampled); free(coeff_h); free(coeff_f);
    }
    if (failed) {
        perror("malloc");
        return 1;
    }
    for (int c = 0; c < channels; c++)
        for (int n = 0; n < samples; n++)
            output[n] += filtered[(size_t)c * samples + n];

#else
    for (int c = 0; c < channels; c++) {
        channel(c, channels, taps, samples, input, h, sampled, coeff_h, coeff_f, filtered);
        for (int n = 0; n < samples; n++)
            output[n] += filtered[n];
    }

#endif
    char text[64];
    for (int n = 0; n < samples; n++) {
        java_float_string(output[n], text);
        puts(text);
    }
#ifdef _OPENMP
    free(input); free(filtered); free(output);
#else
    free(input); free(h); free(sampled); free(filtered); free(output);
    free(coeff_h); free(coeff_f);
#endif
    return 0;
}
