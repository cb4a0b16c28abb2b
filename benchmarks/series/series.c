/* series.c — C references for the Series benchmark (Java Grande Forum,
 * section 2): the first N Fourier coefficient pairs (a_i, b_i) of
 * f(x) = (x+1)^x on [0, 2], each by trapezoid integration with 1000 steps.
 * Compiled plain, the sequential reference; with -fopenmp, the OpenMP one:
 * the coefficient loop is a parallel for, each coefficient computed as in
 * the sequential loop and the sum taken afterwards in index order, so the
 * output does not depend on the thread count.
 *
 * JGF's quirk is kept: the trapezoid sum covers the interior points
 * dx ... 998*dx only (999*dx is skipped) before f(2)/2 is added.
 *
 * Usage: series N  (OpenMP: OMP_NUM_THREADS=k series_omp N)
 * Output (identical, byte for byte, to series.bb and Series.java):
 *   Series: N=<N>
 *   a[i] = <a>, b[i] = <b>          for i = 0..3, Java Double.toString text
 *   sum = <sum of all a_i and b_i, in index order (a_0+b_0+a_1+b_1+...)>
 *   VALID | INVALID                  JGF's reference values, |error| <= 1e-12
 *
 * Doubles are printed as Java's Double.toString (JDK 19+) prints them:
 * the shortest decimal that reads back as the same double, in Java's layout
 * (java_double_string, ../common/java_format.h).
 *
 * Build: cc -O2 series.c -o series -lm
 *        cc -O2 -fopenmp series.c -o series_omp -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/java_format.h"

static double thefunction(double x, double omegan, int select)
{
    switch (select) {
    case 0: return pow(x + 1.0, x);
    case 1: return pow(x + 1.0, x) * cos(omegan * x);
    case 2: return pow(x + 1.0, x) * sin(omegan * x);
    }
    return 0.0;
}

static double trapezoid_integrate(double x0, double x1, int nsteps,
                                  double omegan, int select)
{
    double x = x0;
    double dx = (x1 - x0) / (double)nsteps;
    double rvalue = thefunction(x0, omegan, select) / 2.0;
    if (nsteps != 1) {
        --nsteps;                    /* JGF: 999*dx is never visited */
        while (--nsteps > 0) {
            x += dx;
            rvalue += thefunction(x, omegan, select);
        }
    }
    rvalue += thefunction(x1, omegan, select) / 2.0;
    rvalue *= dx;
    return rvalue;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    if (n < 4) {
        fprintf(stderr, "N must be at least 4\n");
        return 2;
    }
    double *a = malloc(sizeof(double) * n);
    double *b = malloc(sizeof(double) * n);
    if (!a || !b) { perror("malloc"); return 1; }

    const double omega = 3.1415926535897932;
    a[0] = trapezoid_integrate(0.0, 2.0, 1000, 0.0, 0) / 2.0;
    b[0] = 0.0;
    #pragma omp parallel for schedule(static)
    for (int i = 1; i < n; i++) {
        a[i] = trapezoid_integrate(0.0, 2.0, 1000, omega * (double)i, 1);
        b[i] = trapezoid_integrate(0.0, 2.0, 1000, omega * (double)i, 2);
    }

    static const double ref[4][2] = {
        { 2.8729524964837996, 0.0 },
        { 1.1161046676147888, -1.8819691893398025 },
        { 0.34429060398168704, -1.1645642623320958 },
        { 0.15238898702519288, -0.8143461113044298 },
    };
    char sa[40], sb[40];
    printf("Series: N=%d\n", n);
    int valid = 1;
    for (int i = 0; i < 4; i++) {
        java_double_string(a[i], sa);
        java_double_string(b[i], sb);
        printf("a[%d] = %s, b[%d] = %s\n", i, sa, i, sb);
        if (fabs(a[i] - ref[i][0]) > 1.0e-12 || fabs(b[i] - ref[i][1]) > 1.0e-12)
            valid = 0;
    }
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += a[i];
        sum += b[i];
    }
    java_double_string(sum, sa);
    printf("sum = %s\n", sa);
    printf("%s\n", valid ? "VALID" : "INVALID");
    free(a);
    free(b);
    return 0;
}
