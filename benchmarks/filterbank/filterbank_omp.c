/* filterbank_omp.c — OpenMP version of filterbank.c (same algorithm, same
 * output, byte for byte): the channels run as a parallel for, each into its
 * own output row; the rows are then added sequentially in channel order, so
 * the float sums are the same as filterbank.c's.
 *
 * The FilterBank benchmark (StreamIt's FilterBankNew, generalised to any
 * number of channels and taps).
 *
 * Usage: OMP_NUM_THREADS=k filterbank_omp CHANNELS TAPS SAMPLES
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
 * Output (identical, byte for byte, to filterbank.bb and filterbank_omp.c):
 * SAMPLES lines, output sample n on line n+1, printed as Java's
 * Float.toString prints it (java_float_string below). With
 * CHANNELS=8, TAPS=32 the first 801 lines match StreamIt's FilterBankNew
 * output (data/FilterBankNew.out) to 1e-5 relative.
 *
 * Build: cc -O2 -fopenmp filterbank_omp.c -o filterbank_omp -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECIMATION 8
#define RAMP_MAX 1001

/* Java's Float.toString (JDK 19+): the shortest decimal that reads back as
 * the same float (at least two significant digits are considered), laid
 * out as plain decimal for 1e-3 <= |f| < 1e7 and as d.dddE<n> otherwise.
 * The same algorithm as java_double_string in ../series/series.c, with the
 * round trip through float. */
static void java_float_string(float d, char *out)
{
    if (isnan(d)) { strcpy(out, "NaN"); return; }
    if (isinf(d)) { strcpy(out, d > 0 ? "Infinity" : "-Infinity"); return; }
    if (d == 0.0f) { strcpy(out, signbit(d) ? "-0.0" : "0.0"); return; }

    char buf[64];
    int prec;
    for (prec = 2; prec <= 9; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec - 1, (double)d);
        if (strtof(buf, NULL) == d)
            break;
    }
    /* buf = [-]D.DDDDe[+-]XX */
    char *p = buf;
    char *o = out;
    if (*p == '-') { *o++ = '-'; p++; }
    char digits[32];
    int n = 0;
    for (; *p != 'e'; p++)
        if (*p != '.') digits[n++] = *p;
    int exp = atoi(p + 1);
    while (n > 1 && digits[n - 1] == '0') n--;     /* trailing zeros */
    digits[n] = '\0';

    if (exp >= -3 && exp < 7) {
        if (exp >= 0) {
            for (int i = 0; i <= exp; i++) *o++ = i < n ? digits[i] : '0';
            *o++ = '.';
            if (n > exp + 1)
                for (int i = exp + 1; i < n; i++) *o++ = digits[i];
            else
                *o++ = '0';
        } else {
            *o++ = '0'; *o++ = '.';
            for (int i = 0; i < -exp - 1; i++) *o++ = '0';
            for (int i = 0; i < n; i++) *o++ = digits[i];
        }
        *o = '\0';
    } else {
        *o++ = digits[0];
        *o++ = '.';
        if (n > 1)
            for (int i = 1; i < n; i++) *o++ = digits[i];
        else
            *o++ = '0';
        sprintf(o, "E%d", exp);
    }
}

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
    float *input = malloc(sizeof(float) * samples);
    float *filtered = malloc(sizeof(float) * (size_t)channels * samples);
    float *output = malloc(sizeof(float) * samples);
    if (!input || !filtered || !output) {
        perror("malloc");
        return 1;
    }
    for (int n = 0; n < samples; n++) {
        input[n] = (float)(n % (RAMP_MAX + 1));
        output[n] = 0.0f;
    }

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
            for (int i = 0; i < taps; i++) {
                coeff_h[i] = (float)(i * taps + c * channels + c + i + c + 1);
                coeff_f[i] = (float)(i * c + c * c + c + i);
            }
            fir(input, h, samples, coeff_h, taps);
            for (int n = 0; n < samples; n++)
                sampled[n] = n % DECIMATION == 0 ? h[n] : 0.0f;
            fir(sampled, filtered + (size_t)c * samples, samples, coeff_f, taps);
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

    char text[64];
    for (int n = 0; n < samples; n++) {
        java_float_string(output[n], text);
        puts(text);
    }
    free(input); free(filtered); free(output);
    return 0;
}
