// filterbank.bb — the FilterBank benchmark in Bamboo (StreamIt's
// FilterBankNew, generalised to any number of channels and taps).
//
// Usage: filterbank CHANNELS TAPS SAMPLES
//
// The input is the ramp 0, 1, ..., 1001, 0, 1, ... (StreamIt's source).
// Channel c has two FIR filters of TAPS coefficients each, computed from the
// indices as in FilterBankNew:
//   H[c][i] = i*TAPS + c*CHANNELS + c + i + c + 1
//   F[c][i] = i*c + c*c + c + i
// Each channel filters the input with H, keeps every 8th sample
// (down-sampling), puts 7 zeros after each kept sample (up-sampling) and
// filters the result with F; the output is the sum of the channels, added in
// channel order. Filters are causal with zero history, all arithmetic float.
//
// Structure (data parallelism over channels):
//   startup  allocates one Channel task object per channel (state `filter`)
//            and the Combiner that sums them;
//   filter   runs one channel's pipeline (filter -> submit);
//   combine  keeps a submitted channel's output; when every channel is in,
//            adds them up in channel order (so the sum does not depend on
//            the order the channels arrive in), prints it and sets `done`.
//
// Output (identical, byte for byte, to filterbank.c): SAMPLES lines, output
// sample n on line n+1, as Java's Float.toString prints it. With CHANNELS=8,
// TAPS=32 the first 801 lines match StreamIt's output (data/FilterBankNew.out)
// to 1e-5 relative.

class Channel {
    flag filter;    // waiting to be run
    flag submit;    // output ready to be combined

    static final int DECIMATION = 8;
    static final int RAMP_MAX = 1001;

    int index;
    int channels;
    int taps;
    int samples;
    float[] output;

    Channel(int index, int channels, int taps, int samples) {
        this.index = index;
        this.channels = channels;
        this.taps = taps;
        this.samples = samples;
    }

    // Causal FIR filter with zero history: out[n] = sum_k coeff[k] * in[n-k].
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

    void process() {
        float[] input = new float[samples];
        for (int n = 0; n < samples; n++) {
            input[n] = (float) (n % (RAMP_MAX + 1));
        }
        int c = index;
        float[] coeffH = new float[taps];
        float[] coeffF = new float[taps];
        for (int i = 0; i < taps; i++) {
            coeffH[i] = (float) (i * taps + c * channels + c + i + c + 1);
            coeffF[i] = (float) (i * c + c * c + c + i);
        }
        float[] h = new float[samples];
        fir(input, h, samples, coeffH, taps);
        float[] sampled = new float[samples];
        for (int n = 0; n < samples; n += DECIMATION) {
            sampled[n] = h[n];
        }
        output = new float[samples];
        fir(sampled, output, samples, coeffF, taps);
    }
}

class Combiner {
    flag done;

    int channels;
    int samples;
    int received;
    float[][] outputs;   // per channel, filled as channels arrive

    Combiner(int channels, int samples) {
        this.channels = channels;
        this.samples = samples;
        this.received = 0;
        this.outputs = new float[channels][];
    }

    // Keeps one channel's output; true when every channel is in.
    boolean add(Channel ch) {
        outputs[ch.index] = ch.output;
        ch.output = null;
        received++;
        return received == channels;
    }

    void report() {
        float[] sum = new float[samples];
        for (int c = 0; c < channels; c++) {
            float[] part = outputs[c];
            for (int n = 0; n < samples; n++) {
                sum[n] += part[n];
            }
        }
        for (int n = 0; n < samples; n++) {
            System.out.println(sum[n]);
        }
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 3) {
        System.out.println("usage: filterbank CHANNELS TAPS SAMPLES");
        taskexit(s: initialstate := false);
    }
    int channels = Integer.parseInt(s.args[0]);
    int taps = Integer.parseInt(s.args[1]);
    int samples = Integer.parseInt(s.args[2]);
    if (channels < 1 || taps < 1 || samples < 1) {
        System.out.println("CHANNELS, TAPS and SAMPLES must be positive");
        taskexit(s: initialstate := false);
    }
    for (int c = 0; c < channels; c++) {
        Channel ch = new Channel(c, channels, taps, samples) { filter := true };
    }
    Combiner cb = new Combiner(channels, samples) { done := false };
    taskexit(s: initialstate := false);
}

task filter(Channel ch in filter) {
    ch.process();
    taskexit(ch: filter := false, submit := true);
}

task combine(Combiner cb in !done, Channel ch in submit) {
    if (cb.add(ch)) {
        cb.report();
        taskexit(cb: done := true; ch: submit := false);
    }
    taskexit(ch: submit := false);
}
