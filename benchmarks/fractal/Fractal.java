// Fractal.java — Java version of the Fractal benchmark, the same algorithm
// and output as fractal.bb and fractal.c (see fractal.c for the exact
// definition of the image and the checksum). Java's float is IEEE single
// with no contraction, so all three agree bit for bit.
//
// Usage: javac -d OUT Fractal.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT Fractal WIDTH HEIGHT
//
// With N threads the rows are computed on the threads, four at a time
// (fractal.c's OpenMP schedule); the sums over the image follow in one thread.
public class Fractal {
    static final int MAX_ITER = 255;

    static int mandel(float a, float b) {
        float zr = 0.0f;
        float zi = 0.0f;
        int it = 0;
        while (it < MAX_ITER) {
            float zr2 = zr * zr;
            float zi2 = zi * zi;
            if (zr2 + zi2 > 4.0f) {
                break;
            }
            zi = 2.0f * zr * zi + b;
            zr = zr2 - zi2 + a;
            it++;
        }
        return it;
    }

    public static void main(String[] args) {
        int width = Integer.parseInt(args[0]);
        int height = Integer.parseInt(args[1]);
        int[] image = new int[width * height];
        float dx = 3.0f / (float) width;
        float dy = 3.0f / (float) height;
        Bench.parallelFor(0, height, 4, (lo, hi) -> {
            for (int y = lo; y < hi; y++) {
                float b = -1.5f + (float) y * dy;
                for (int x = 0; x < width; x++) {
                    float a = -2.0f + (float) x * dx;
                    image[y * width + x] = mandel(a, b);
                }
            }
            return 0;
        });
        long inside = 0;
        long checksum = 0;
        for (int i = 0; i < width * height; i++) {
            if (image[i] == MAX_ITER) {
                inside++;
            }
            checksum += (long) image[i] * (i % 1000 + 1);
        }
        System.out.println("Fractal: " + width + "x" + height);
        System.out.println("inside = " + inside);
        System.out.println("checksum = " + checksum);
    }
}
