// FilterBank.java — Java version of the FilterBank benchmark (StreamIt's
// FilterBankNew, generalised), the algorithm and float arithmetic of
// filterbank.c (see there); it prints every output sample with JDK 19's
// Float.toString, which filterbank.c imitates (Bench.text).
//
// Usage: javac -d OUT FilterBank.java ../java/Bench.java
//        java [-Dthreads=N] -cp OUT FilterBank CHANNELS TAPS SAMPLES
//
// The channels run on the threads, each into its own row; the rows are then
// added in channel order (filterbank.c's OpenMP scheme), so the float sums are
// those of one thread.
public class FilterBank {
    static final int DECIMATION = 8;
    static final int RAMP_MAX = 1001;

    /** Causal FIR filter with zero history: out[n] = sum over k of coeff[k] * in[n-k]. */
    static void fir(float[] in, float[] out, int samples, float[] coeff, int taps) {
        for (int n = 0; n < samples; n++) {
            int last = n < taps - 1 ? n : taps - 1;
            float sum = 0.0f;
            for (int k = 0; k <= last; k++) {
                sum += coeff[k] * in[n - k];
            }
            out[n] = sum;
        }
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: FilterBank CHANNELS TAPS SAMPLES");
            System.exit(2);
        }
        int channels = Integer.parseInt(args[0]);
        int taps = Integer.parseInt(args[1]);
        int samples = Integer.parseInt(args[2]);
        if (channels < 1 || taps < 1 || samples < 1) {
            System.err.println("CHANNELS, TAPS and SAMPLES must be positive");
            System.exit(2);
        }
        float[] input = new float[samples];
        for (int n = 0; n < samples; n++) {
            input[n] = (float) (n % (RAMP_MAX + 1));
        }
        float[][] filtered = new float[channels][];
        Bench.parallelFor(0, channels, 1, (lo, hi) -> {
            float[] h = new float[samples];
            float[] sampled = new float[samples];
            float[] coeffH = new float[taps];
            float[] coeffF = new float[taps];
            for (int c = lo; c < hi; c++) {
                for (int i = 0; i < taps; i++) {
                    coeffH[i] = (float) (i * taps + c * channels + c + i + c + 1);
                    coeffF[i] = (float) (i * c + c * c + c + i);
                }
                fir(input, h, samples, coeffH, taps);
                for (int n = 0; n < samples; n++) {
                    sampled[n] = n % DECIMATION == 0 ? h[n] : 0.0f;
                }
                filtered[c] = new float[samples];
                fir(sampled, filtered[c], samples, coeffF, taps);
            }
            return 0;
        });
        float[] output = new float[samples];
        for (int c = 0; c < channels; c++) {
            for (int n = 0; n < samples; n++) {
                output[n] += filtered[c][n];
            }
        }
        StringBuilder out = new StringBuilder();
        for (int n = 0; n < samples; n++) {
            out.append(Bench.text(output[n])).append('\n');
        }
        System.out.print(out);
    }
}
