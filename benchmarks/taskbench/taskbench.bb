// taskbench.bb — a Task Bench task graph (Slaughter et al., SC'20; issue 32)
// in Bamboo: W points, S timesteps, one of Task Bench's dependency
// patterns, and its compute_bound kernel.
//
// Usage: taskbench [-type PATTERN] [-width W] [-steps S] [-iter N]
//                  [-radix R] [-period P] [-time]
// with Task Bench's option names and defaults (W = S = 4, radix 3,
// period 3, iterations 0). PATTERN is one of trivial, no_comm, stencil_1d,
// stencil_1d_periodic, dom, tree, fft, all_to_all, nearest, spread; each
// pattern's offsets, widths and dependencies are core/core.cc's
// (offset_at_timestep, width_at_timestep, dependencies).
//
// Structure:
//   startup   makes W Point objects (in state `ready`) and, for a pattern
//             with dependencies between points, the Exchange;
//   compute   task (t, p): checks that every input is the output (t-1, dep)
//             of a dependency, as TaskGraph::execute_point does, runs the
//             kernel and writes the output (t, p). Without dependencies
//             between points (trivial, no_comm) the point stays ready for
//             its next step; otherwise it goes to the Exchange (computed);
//   collect   copies a computed point's output into the Exchange (parked);
//             the last one of a step takes the step's outputs at once
//             (ready) and opens the Exchange for filling the others;
//   fill      copies the step's outputs into a parked point (ready); the
//             last one closes the Exchange again: a barrier per step, as
//             Task Bench's mpi/bulk_synchronous.cc, of 2W - 1 invocations
//             on the Exchange's core;
//   gather    adds up a finished point's counts; after the last, prints.
//
// The kernel is core/core_kernel.cc's execute_kernel_compute, the portable
// branch (no AVX): 64 doubles set to 1.2345, then `iter` times
// A[i] = A[i] * A[i] + A[i] for each, then their product. Its loops count
// the FLOPs they do (128 per iteration, 64 for the product), which must
// equal count_flops_per_task's 2 * 64 * iter + 64.
//
// Output (the first three lines have Task Bench's wording and values):
//   Total Tasks <tasks>
//   Total Dependencies <inputs checked>
//   Total FLOPs <FLOPs counted by the kernel's loops>
//   pattern <PATTERN> width <W> steps <S> iter <N> errors <bad inputs> kernel <last task's kernel value>
// and with -time:
//   Elapsed Time <seconds> seconds
//   FLOP/s <FLOPs / seconds>
// timed from the start of the startup task to the last gather.

class Graph {
    static final int TRIVIAL = 0;
    static final int NO_COMM = 1;
    static final int STENCIL_1D = 2;
    static final int STENCIL_1D_PERIODIC = 3;
    static final int DOM = 4;
    static final int TREE = 5;
    static final int FFT = 6;
    static final int ALL_TO_ALL = 7;
    static final int NEAREST = 8;
    static final int SPREAD = 9;

    int type;
    int width;   // max_width
    int steps;   // timesteps
    long iter;
    int radix;
    int period;
    int sets;    // max_dependence_sets

    Graph(int type, int width, int steps, long iter, int radix, int period) {
        this.type = type;
        this.width = width;
        this.steps = steps;
        this.iter = iter;
        this.radix = radix;
        this.period = period;
        this.sets = 1;
        if (type == FFT) {
            // ceil(log2(width))
            int s = 0;
            while ((1 << s) < width) {
                s++;
            }
            this.sets = s;
        } else if (type == SPREAD) {
            this.sets = period;
        }
    }

    static int typeOf(String name) {
        String[] names = { "trivial", "no_comm", "stencil_1d", "stencil_1d_periodic", "dom",
                           "tree", "fft", "all_to_all", "nearest", "spread" };
        for (int k = 0; k < names.length; k++) {
            if (names[k].equals(name)) {
                return k;
            }
        }
        return -1;
    }

    static String nameOf(int type) {
        String[] names = { "trivial", "no_comm", "stencil_1d", "stencil_1d_periodic", "dom",
                           "tree", "fft", "all_to_all", "nearest", "spread" };
        return names[type];
    }

    // Whether a task reads other points' outputs (then every step ends in
    // the exchange).
    boolean exchanges() {
        return type != TRIVIAL && type != NO_COMM;
    }

    int offsetAt(int t) {
        if (t < 0) {
            return 0;
        }
        if (type == DOM) {
            return Math.max(0, t + width - steps);
        }
        return 0;
    }

    int widthAt(int t) {
        if (t < 0) {
            return 0;
        }
        if (type == DOM) {
            return Math.min(width, Math.min(t + 1, steps - t));
        }
        if (type == TREE) {
            return t >= 30 ? width : Math.min(width, 1 << t);
        }
        return width;
    }

    int setAt(int t) {
        if (type == FFT) {
            return (t + sets - 1) % sets;
        }
        if (type == SPREAD) {
            return t % sets;
        }
        return 0;
    }

    // Task (t, p)'s dependencies as inclusive ranges of points, first[k] ..
    // last[k]; returns their count (at most 3, or radix for spread).
    int dependencies(int dset, int p, int[] first, int[] last) {
        int n = 0;
        if (type == NO_COMM) {
            first[0] = p;
            last[0] = p;
            n = 1;
        } else if (type == STENCIL_1D) {
            first[0] = Math.max(0, p - 1);
            last[0] = Math.min(p + 1, width - 1);
            n = 1;
        } else if (type == STENCIL_1D_PERIODIC) {
            first[0] = Math.max(0, p - 1);
            last[0] = Math.min(p + 1, width - 1);
            n = 1;
            if (p - 1 < 0) {
                first[n] = width - 1;
                last[n] = width - 1;
                n++;
            }
            if (p + 1 >= width) {
                first[n] = 0;
                last[n] = 0;
                n++;
            }
        } else if (type == DOM) {
            first[0] = Math.max(0, p - 1);
            last[0] = p;
            n = 1;
        } else if (type == TREE) {
            first[0] = p / 2;
            last[0] = p / 2;
            n = 1;
        } else if (type == FFT) {
            int d1 = p - (1 << dset);
            int d2 = p + (1 << dset);
            if (d1 >= 0) {
                first[n] = d1;
                last[n] = d1;
                n++;
            }
            first[n] = p;
            last[n] = p;
            n++;
            if (d2 < width) {
                first[n] = d2;
                last[n] = d2;
                n++;
            }
        } else if (type == ALL_TO_ALL) {
            first[0] = 0;
            last[0] = width - 1;
            n = 1;
        } else if (type == NEAREST) {
            if (radix > 0) {
                first[0] = Math.max(0, p - radix / 2);
                last[0] = Math.min(p + (radix - 1) / 2, width - 1);
                n = 1;
            }
        } else if (type == SPREAD) {
            for (int i = 0; i < radix; i++) {
                int dep = (int) (((long) p + (long) i * width / radix + (i > 0 ? dset : 0)) % width);
                first[i] = dep;
                last[i] = dep;
            }
            n = radix;
        }
        return n;
    }
}

class Point {
    flag ready;      // inputs in place: run step t
    flag computed;   // output (t, p) to hand to the exchange
    flag parked;     // waiting for the step's outputs
    flag finished;   // every step done

    Graph g;
    int index;       // the point p
    int t;           // the next timestep
    long[] inT;      // the outputs of the last step, by point: timestep
    long[] inP;      // ... and point (Task Bench's std::pair<long, long>)
    long outT;       // this point's output of step t - 1
    long outP;
    int[] first;     // dependency ranges, reused
    int[] last;
    double[] a;      // the kernel's 64 doubles
    long tasks;
    long deps;
    long errors;
    long flops;
    double kernel;   // the value of this point's last kernel

    Point(Graph g, int index) {
        this.g = g;
        this.index = index;
        this.inT = new long[g.width];
        this.inP = new long[g.width];
        for (int q = 0; q < g.width; q++) {
            inT[q] = -1;
            inP[q] = -1;
        }
        this.outT = -1;
        this.outP = -1;
        int most = g.radix > 3 ? g.radix : 3;
        this.first = new int[most];
        this.last = new int[most];
        this.a = new double[64];
    }

    // Task (t, index): TaskGraph::execute_point's input check, output and
    // kernel, when the point is part of step t; then on to step t + 1.
    void step() {
        int p = index;
        int offset = g.offsetAt(t);
        if (p >= offset && p < offset + g.widthAt(t)) {
            check();
            outT = t;
            outP = p;
            kernel = compute(g.iter);
            tasks++;
        }
        t++;
    }

    // Every input in the last step's range must be the output (t - 1, dep).
    void check() {
        int lastOffset = g.offsetAt(t - 1);
        int lastEnd = lastOffset + g.widthAt(t - 1);
        int n = g.dependencies(g.setAt(t), index, first, last);
        for (int k = 0; k < n; k++) {
            for (int dep = first[k]; dep <= last[k]; dep++) {
                if (dep >= lastOffset && dep < lastEnd) {
                    long seenT = dep == index ? outT : inT[dep];
                    long seenP = dep == index ? outP : inP[dep];
                    if (seenT != t - 1 || seenP != dep) {
                        errors++;
                    }
                    deps++;
                }
            }
        }
    }

    // core_kernel.cc, execute_kernel_compute (the branch without AVX).
    double compute(long iterations) {
        double[] A = a;
        for (int i = 0; i < 64; i++) {
            A[i] = 1.2345;
        }
        long counted = 0;
        for (long it = 0; it < iterations; it++) {
            for (int i = 0; i < 64; i++) {
                A[i] = A[i] * A[i] + A[i];
            }
            counted += 2 * 64;
        }
        double dot = 1.0;
        for (int i = 0; i < 64; i++) {
            dot *= A[i];
        }
        flops += counted + 64;
        return dot;
    }
}

class Exchange {
    flag collecting;   // taking computed points' outputs
    flag filling;      // handing the step's outputs to parked points
    flag finished;

    Graph g;
    long[] outT;       // the step's outputs, by point
    long[] outP;
    int count;         // points collected or filled in this phase
    int gathered;
    long tasks;
    long deps;
    long errors;
    long flops;
    double kernel;
    long start;        // System.nanoTime() at startup
    boolean time;

    Exchange(Graph g, long start, boolean time) {
        this.g = g;
        this.start = start;
        this.time = time;
        this.outT = new long[g.width];
        this.outP = new long[g.width];
    }

    // Keeps point p's output; true when every point's is in. The last
    // point to come takes the step's outputs at once, so it goes on
    // without waiting for a fill (the step's critical path), and only
    // the others wait in `parked`.
    boolean collect(Point p) {
        outT[p.index] = p.outT;
        outP[p.index] = p.outP;
        count++;
        if (count == g.width) {
            give(p);
            // The fills count on from this point; with one point there
            // are none, and the next step's collection starts at once.
            count = g.width > 1 ? 1 : 0;
            return true;
        }
        return false;
    }

    // Gives parked point p the step's outputs; true after the last one.
    boolean fill(Point p) {
        give(p);
        count++;
        if (count == g.width) {
            count = 0;
            return true;
        }
        return false;
    }

    void give(Point p) {
        System.arraycopy(outT, 0, p.inT, 0, g.width);
        System.arraycopy(outP, 0, p.inP, 0, g.width);
    }

    // Adds up point p's counts; true after the last point.
    boolean gather(Point p) {
        tasks += p.tasks;
        deps += p.deps;
        errors += p.errors;
        flops += p.flops;
        if (p.index == g.width - 1) {
            kernel = p.kernel;
        }
        gathered++;
        return gathered == g.width;
    }

    void report() {
        long elapsed = System.nanoTime() - start;
        System.out.println("Total Tasks " + tasks);
        System.out.println("Total Dependencies " + deps);
        System.out.println("Total FLOPs " + flops);
        System.out.println("pattern " + Graph.nameOf(g.type) + " width " + g.width + " steps " + g.steps
                           + " iter " + g.iter + " errors " + errors + " kernel " + kernel);
        if (time) {
            double seconds = elapsed / 1e9;
            System.out.println("Elapsed Time " + seconds + " seconds");
            System.out.println("FLOP/s " + flops / seconds);
        }
    }
}

// The value after option `name`, or `fallback` when it is not given.
class Options {
    String[] args;
    String bad;

    Options(String[] args) {
        this.args = args;
    }

    String value(String name, String fallback) {
        for (int k = 0; k + 1 < args.length; k++) {
            if (args[k].equals(name)) {
                return args[k + 1];
            }
        }
        return fallback;
    }

    boolean has(String name) {
        for (int k = 0; k < args.length; k++) {
            if (args[k].equals(name)) {
                return true;
            }
        }
        return false;
    }

    // The first argument that is no known option (or lacks its value).
    String unknown() {
        String[] valued = { "-type", "-width", "-steps", "-iter", "-radix", "-period" };
        int k = 0;
        while (k < args.length) {
            boolean known = false;
            for (int v = 0; v < valued.length; v++) {
                if (args[k].equals(valued[v])) {
                    known = true;
                }
            }
            if (known && k + 1 < args.length) {
                k += 2;
            } else if (args[k].equals("-time")) {
                k++;
            } else {
                return args[k];
            }
        }
        return null;
    }
}

task startup(StartupObject s in initialstate) {
    long start = System.nanoTime();
    Options o = new Options(s.args);
    String bad = o.unknown();
    int type = Graph.typeOf(o.value("-type", "trivial"));
    int width = Integer.parseInt(o.value("-width", "4"));
    int steps = Integer.parseInt(o.value("-steps", "4"));
    long iter = Long.parseLong(o.value("-iter", "0"));
    int radix = Integer.parseInt(o.value("-radix", "3"));
    int period = Integer.parseInt(o.value("-period", "3"));
    if (bad != null) {
        System.out.println("unknown option or missing value: " + bad);
        System.out.println("usage: taskbench [-type PATTERN] [-width W] [-steps S] [-iter N] [-radix R] [-period P] [-time]");
        System.exit(2);
    }
    if (type < 0) {
        System.out.println("unknown pattern " + o.value("-type", "") + "; choose trivial, no_comm, stencil_1d, "
                           + "stencil_1d_periodic, dom, tree, fft, all_to_all, nearest or spread");
        System.exit(2);
    }
    if (width < 1 || steps < 1 || iter < 0 || radix < 0 || period < 1
        || (type == Graph.FFT && width < 2)) {
        System.out.println("need width >= 1 (2 for fft), steps >= 1, iter >= 0, radix >= 0, period >= 1");
        System.exit(2);
    }
    // A Graph of its own for each object, so that no two task objects
    // share one and the disjointness analysis keeps their locks apart.
    Exchange x = new Exchange(new Graph(type, width, steps, iter, radix, period), start, o.has("-time")) {
        collecting := true
    };
    for (int p = 0; p < width; p++) {
        Point pt = new Point(new Graph(type, width, steps, iter, radix, period), p) { ready := true };
    }
    taskexit(s: initialstate := false);
}

task compute(Point p in ready) {
    p.step();
    if (p.t == p.g.steps) {
        taskexit(p: ready := false, finished := true);
    }
    if (p.g.exchanges()) {
        taskexit(p: ready := false, computed := true);
    }
    taskexit(p: ready := true);
}

task collect(Exchange x in collecting, Point p in computed) {
    if (x.collect(p)) {
        if (x.g.width == 1) {
            taskexit(p: computed := false, ready := true);
        }
        taskexit(x: collecting := false, filling := true; p: computed := false, ready := true);
    }
    taskexit(p: computed := false, parked := true);
}

task fill(Exchange x in filling, Point p in parked) {
    if (x.fill(p)) {
        taskexit(x: filling := false, collecting := true; p: parked := false, ready := true);
    }
    taskexit(p: parked := false, ready := true);
}

task gather(Exchange x in collecting, Point p in finished) {
    if (x.gather(p)) {
        x.report();
        taskexit(x: collecting := false, finished := true; p: finished := false);
    }
    taskexit(p: finished := false);
}
