/* fractal.c — C references for the Fractal benchmark: the Mandelbrot set
 * over a in [-2, 1), b in [-1.5, 1.5) on a width x height grid, at most 255
 * iterations per pixel, all arithmetic in float. Compiled plain, the
 * sequential reference (the image first, then one pass over it); with
 * -fopenmp, the OpenMP one: the row loop is a parallel for with dynamic
 * scheduling (rows near the set cost far more than rows outside it), and
 * each thread adds its rows' pixels into its own inside count and checksum,
 * which the reduction adds (as the Bamboo version's row groups do).
 *
 * Usage: fractal WIDTH HEIGHT  (OpenMP: OMP_NUM_THREADS=k fractal_omp ...)
 * Output (identical, byte for byte, to fractal.bb and Fractal.java):
 *   Fractal: <WIDTH>x<HEIGHT>
 *   inside = <number of pixels that reached 255 iterations>
 *   checksum = <sum over pixels i = y*WIDTH + x of iter[i] * (i % 1000 + 1),
 *               as a 64-bit integer>
 *
 * Pixel (x, y): a = -2 + x*(3/WIDTH), b = -1.5 + y*(3/HEIGHT) (float);
 * z starts at 0; iterate z = z^2 + c while |z|^2 <= 4 and fewer than 255
 * iterations were done; the pixel is the iteration count (0..255).
 * Every operation is a single float operation, as in Java; the C compiler
 * must not contract a*b+c into an FMA (the default for plain x86-64 -O2).
 *
 * Build: cc -O2 fractal.c -o fractal
 *        cc -O2 -fopenmp fractal.c -o fractal_omp
 */
#include <stdio.h>
#include <stdlib.h>

#define MAX_ITER 255

static int mandel(float a, float b)
{
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < MAX_ITER) {
        float zr2 = zr * zr;
        float zi2 = zi * zi;
        if (zr2 + zi2 > 4.0f)
            break;
        zi = 2.0f * zr * zi + b;
        zr = zr2 - zi2 + a;
        it++;
    }
    return it;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT\n", argv[0]);
        return 2;
    }
    int width = atoi(argv[1]);
    int height = atoi(argv[2]);
    if (width < 1 || height < 1) {
        fprintf(stderr, "WIDTH and HEIGHT must be positive\n");
        return 2;
    }
#ifdef _OPENMP
    float dx = 3.0f / (float)width;
    float dy = 3.0f / (float)height;
    long long inside = 0, checksum = 0;
    #pragma omp parallel for schedule(dynamic, 4) reduction(+:inside, checksum)
    for (int y = 0; y < height; y++) {
        float b = -1.5f + (float)y * dy;
        long long row = (long long)y * width;
        for (int x = 0; x < width; x++) {
            float a = -2.0f + (float)x * dx;
            int it = mandel(a, b);
            if (it == MAX_ITER)
                inside++;
            checksum += (long long)it * ((row + x) % 1000 + 1);
        }
    }
#else
    int *image = malloc(sizeof(int) * (size_t)width * height);
    if (!image) { perror("malloc"); return 1; }

    float dx = 3.0f / (float)width;
    float dy = 3.0f / (float)height;
    for (int y = 0; y < height; y++) {
        float b = -1.5f + (float)y * dy;
        int *row = image + (size_t)y * width;
        for (int x = 0; x < width; x++) {
            float a = -2.0f + (float)x * dx;
            row[x] = mandel(a, b);
        }
    }

    long long inside = 0, checksum = 0;
    long long npix = (long long)width * height;
    for (long long i = 0; i < npix; i++) {
        if (image[i] == MAX_ITER)
            inside++;
        checksum += (long long)image[i] * (i % 1000 + 1);
    }
#endif
    printf("Fractal: %dx%d\n", width, height);
    printf("inside = %lld\n", inside);
    printf("checksum = %lld\n", checksum);
#ifndef _OPENMP
    free(image);
#endif
    return 0;
}
