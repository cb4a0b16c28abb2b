// jacobi3d.bb — Jacobi-3D (issue 32) in Bamboo: a 7-point stencil on an
// N x N x N grid, cut into slabs of planes (blocks), each slab trading its
// boundary planes with its neighbours after every step.
//
// Usage: jacobi3d N ITERATIONS [blocks=4]
//
// The slabs never move: only planes do, as MPI's halo exchange moves them.
// Each slab makes two tags of its own on the core that first runs it
// (`init`): `out`, which pairs it with the pipes it sends through, and
// `inbox`, which the planes sent to it carry. A task routed by tag to the
// core that made the tag (`TagHome`, the default when a task's tags are
// made on many cores) then runs every exchange of a slab where the slab
// already is, and a plane travels once, to its reader. The grid's
// arithmetic is jacobi3d_kernel.h's, so the checksum equals the C and MPI
// versions' bit for bit, whatever the number of slabs.
//
//   startup   makes the Result and `blocks` Slabs (in state `fresh`). The
//             boundary between slabs j and j+1 gets a tag of type `wa` when
//             j is even and `wb` when odd, so every slab has one of each
//             (an edge slab a spare one for its missing side);
//   init      (initEven, initOdd) fills the slab's arrays and makes its
//             `out` and `inbox` tags;
//   plug*     (plugUpEven, plugUpOdd, plugDownEven, plugDownOdd) makes
//             for one side with a neighbour a Port (the slab's `out`, to
//             send through) and an Addr (its `inbox`, to be sent to), bound
//             to that side's boundary tag; `plugged` then starts the slab.
//             Each of these tasks always makes the same objects, bound to
//             instances its parameter holds: what the simulator's model of
//             allocations and tags follows;
//   wire*     pairs a Port with the Addr across its boundary into a Pipe
//             bound to the sender's `out` and the receiver's `inbox`;
//   rim       (rimOdd, rimEven) starts a step once the slab has its
//             neighbours' planes and has sent its own (state `active` and
//             nothing pending): it computes the slab's two boundary planes,
//             which it then owes up and down, as MPI-overlap sends them
//             before its interior update (a task per parity, so the parity
//             is a flag and not a branch);
//   interior  (interiorOdd, interiorEven) computes the other planes while
//             those travel; then the slab waits for a plane from below and
//             from above, of an odd or an even step (the neighbours may be
//             a step ahead, never two);
//   finish    completes the last step instead and sends the slab's plane
//             sums to the Result;
//   send*     copies a plane into a new Halo bound to the neighbour's inbox
//             (a task per direction and parity, so each always makes the
//             same kind of Halo);
//   take*     copies an arrived Halo into the slab's ghost plane;
//   noneBelow, noneAbove: an edge slab owes and waits for nothing there;
//   gather    adds a slab's plane sums to the Result; the last one prints.
//
// Output (identical to jacobi3d.c and both MPI versions):
//   Jacobi3D: N=<N> iterations=<ITERATIONS>
//   checksum bits = <the sum's IEEE 754 bits as a long>
//   checksum * 1e6 = <the sum times 10^6, truncated>
// where the sum adds the planes' sums in plane order, each plane row by row.

class Slab {
    flag fresh;     // its arrays and tags not made yet
    flag plugging;  // its Ports and Addrs not all made yet
    flag upMade;    // those of its side above made
    flag downMade;  // those of its side below made
    flag even;      // an even slab number
    flag bottom;    // slab 0: nothing below
    flag top;       // the last slab: nothing above
    flag active;    // stepping
    flag inner;     // its step's boundary planes taken, its interior not yet
    flag last;      // ... of its last step
    flag odd;       // its next step has an odd number (the first is 1)
    flag sendUp;    // owes its top plane to the slab above
    flag sendDown;  // owes its bottom plane to the slab below
    flag lowEven;   // waits for the plane below, of an even step
    flag lowOdd;    // ... of an odd step
    flag highEven;  // waits for the plane above, of an even step
    flag highOdd;   // ... of an odd step

    int index;      // slab number, 0 .. blocks-1
    int blocks;
    int n;          // interior points per side
    int z0;         // first plane
    int nz;         // planes
    int steps;      // steps still to take
    int done;       // steps taken
    double[] u;     // (nz + 2) planes of (n + 2)^2 doubles
    double[] v;     // the next step's values

    Slab(int index, int blocks, int n, int z0, int nz, int steps) {
        this.index = index;
        this.blocks = blocks;
        this.n = n;
        this.z0 = z0;
        this.nz = nz;
        this.steps = steps;
    }

    // Its arrays, made by init on the core that will step the slab (under
    // MPI on its rank: the slab travels there small).
    void fill() {
        u = initial();
        v = initial();
    }

    double[] initial() {
        int w = n + 2;
        int plane = w * w;
        double[] a = new double[(nz + 2) * plane];
        // The ghost planes too: the first step comes before any exchange.
        for (int z = -1; z <= nz; z++) {
            if (z0 + z < 0 || z0 + z >= n) {
                continue;
            }
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    a[(z + 1) * plane + (y + 1) * w + x + 1] =
                        (double) ((x * 7 + y * 13 + (z0 + z) * 17) % 101) / 100.0;
                }
            }
        }
        if (z0 == 0) {
            for (int y = 1; y <= n; y++) {
                for (int x = 1; x <= n; x++) {
                    a[y * w + x] = 1.0;
                }
            }
        }
        return a;
    }

    // Plane z of the next step into b from a: each point the centre and
    // its six neighbours, in jacobi3d_kernel.h's order.
    void planeStep(double[] a, double[] b, int z) {
        int w = n + 2;
        int plane = w * w;
        double seventh = 1.0 / 7.0;
        for (int y = 1; y <= n; y++) {
            int i = z * plane + y * w + 1;
            int end = i + n;
            while (i < end) {
                b[i] = (a[i] + a[i - 1] + a[i + 1] + a[i - w] + a[i + w]
                        + a[i - plane] + a[i + plane]) * seventh;
                i++;
            }
        }
    }

    // The first half of a step: the boundary planes (1 and nz), the only
    // ones that read the ghosts and that the neighbours wait for. The
    // arrays swap now, so that u holds the planes to send and v the
    // values the interior still reads.
    void rim() {
        planeStep(u, v, 1);
        if (nz > 1) {
            planeStep(u, v, nz);
        }
        double[] a = u;
        u = v;
        v = a;
        steps--;
        done++;
    }

    // The rest of the step, planes 2 .. nz-1, while the boundary planes
    // travel.
    void interior() {
        for (int z = 2; z < nz; z++) {
            planeStep(v, u, z);
        }
    }

    // The plane sums, for the Result.
    double[] sum() {
        int w = n + 2;
        double[] sums = new double[nz];
        for (int z = 1; z <= nz; z++) {
            double s = 0.0;
            for (int y = 1; y <= n; y++) {
                int i = z * w * w + y * w + 1;
                for (int x = 0; x < n; x++) {
                    s += u[i + x];
                }
            }
            sums[z - 1] = s;
        }
        u = null;
        v = null;
        return sums;
    }

    // A copy of plane z (1 .. nz) for a neighbour: its reader holds it
    // while this slab takes its next step.
    double[] plane(int z) {
        int size = (n + 2) * (n + 2);
        double[] p = new double[size];
        System.arraycopy(u, z * size, p, 0, size);
        return p;
    }

    // Sends its top plane (upward) or its bottom plane through a pipe to
    // the inbox `to`, marked with the parity of the step just taken (odd:
    // the slab's `odd` flag, the next step's, is off).
    void post(tag to, boolean upward, boolean odd) {
        if (upward) {
            double[] p = plane(nz);
            if (odd) {
                new Halo(p) { fromBelow := true, odd := true, add to };
            } else {
                new Halo(p) { fromBelow := true, add to };
            }
        } else {
            double[] p = plane(1);
            if (odd) {
                new Halo(p) { fromAbove := true, odd := true, add to };
            } else {
                new Halo(p) { fromAbove := true, add to };
            }
        }
    }

    // Copies a neighbour's plane into the ghost plane z (0 or nz + 1).
    void ghost(int z, Halo h) {
        int size = (n + 2) * (n + 2);
        for (int i = 0; i < size; i++) {
            u[z * size + i] = h.plane[i];
        }
    }

    // Makes the Port (its `out`, to send through) and the Addr (its
    // `inbox`, to be sent to) of its side above (`up`) or below, bound to
    // that side's boundary tag: what wire* pairs into pipes.
    void connect(tag out, tag inbox, tag boundary, boolean up) {
        if (up) {
            new Port() { up := true, add out, add boundary };
            new Addr() { above := true, add inbox, add boundary };
        } else {
            new Port() { down := true, add out, add boundary };
            new Addr() { below := true, add inbox, add boundary };
        }
    }
}

// A plane on its way to the slab whose inbox it carries.
class Halo {
    flag fromBelow;  // for the ghost below the reader's planes
    flag fromAbove;  // for the ghost above them
    flag odd;        // of an odd step
    double[] plane;

    Halo(double[] plane) {
        this.plane = plane;
    }
}

// One side of a slab, before wiring: its `out` tag (Port) or its `inbox`
// tag (Addr), with the boundary's tag to meet the other side by.
class Port {
    flag up;    // sends to the slab above
    flag down;  // sends to the slab below
}

class Addr {
    flag below;  // receives from the slab below
    flag above;  // receives from the slab above
}

// A sender's `out` and a reader's `inbox`: where a plane goes.
class Pipe {
    flag upward;
    flag downward;
}

// A slab's plane sums after its last step.
class Sums {
    flag ready;
    int z0;
    double[] sums;

    Sums(int z0, double[] sums) {
        this.z0 = z0;
        this.sums = sums;
    }
}

class Result {
    flag open;
    int n;
    int blocks;
    int iterations;
    int summed;
    double[] sums;  // every plane's sum, by plane

    Result(int n, int blocks, int iterations) {
        this.n = n;
        this.blocks = blocks;
        this.iterations = iterations;
        this.sums = new double[n];
    }

    // Takes a slab's plane sums; true after the last slab.
    boolean gather(Sums s) {
        System.arraycopy(s.sums, 0, sums, s.z0, s.sums.length);
        summed++;
        return summed == blocks;
    }

    void report() {
        double sum = 0.0;
        for (int z = 0; z < n; z++) {
            sum += sums[z];
        }
        System.out.println("Jacobi3D: N=" + n + " iterations=" + iterations);
        System.out.println("checksum bits = " + Double.doubleToRawLongBits(sum));
        System.out.println("checksum * 1e6 = " + (long) (sum * 1000000.0));
    }

    // Slab k, bound to one boundary tag of each type: `a` (wa) and `b`
    // (wb), with its parity and its edges as flags.
    void slab(int k, int z0, int nz, tag a, tag b) {
        boolean first = k == 0;
        boolean last = k == blocks - 1;
        if (k % 2 == 1) {
            if (last) {
                new Slab(k, blocks, n, z0, nz, iterations) { fresh := true, top := true, add a, add b };
            } else {
                new Slab(k, blocks, n, z0, nz, iterations) { fresh := true, add a, add b };
            }
        } else if (first && last) {
            new Slab(k, blocks, n, z0, nz, iterations) { fresh := true, even := true, bottom := true, top := true, add a, add b };
        } else if (first) {
            new Slab(k, blocks, n, z0, nz, iterations) { fresh := true, even := true, bottom := true, add a, add b };
        } else if (last) {
            new Slab(k, blocks, n, z0, nz, iterations) { fresh := true, even := true, top := true, add a, add b };
        } else {
            new Slab(k, blocks, n, z0, nz, iterations) { fresh := true, even := true, add a, add b };
        }
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 2) {
        System.out.println("usage: jacobi3d N ITERATIONS [blocks]");
        taskexit(s: initialstate := false);
    }
    int n = Integer.parseInt(s.args[0]);
    int iterations = Integer.parseInt(s.args[1]);
    int blocks = 4;
    if (s.args.length > 2) {
        blocks = Integer.parseInt(s.args[2]);
    }
    if (n < 1 || iterations < 1) {
        System.out.println("N and ITERATIONS must be at least 1");
        taskexit(s: initialstate := false);
    }
    if (blocks < 1) {
        blocks = 1;
    }
    if (blocks > n) {
        blocks = n;
    }
    Result r = new Result(n, blocks, iterations) { open := true };
    // The boundary above slab k: wa above an even slab, wb above an odd
    // one; the last slab's is a spare that nothing else is bound to.
    tag below = new tag(wb);  // slab 0's spare
    for (int k = 0; k < blocks; k++) {
        int z0 = (int) ((long) n * k / blocks);
        int z1 = (int) ((long) n * (k + 1) / blocks);
        if (k % 2 == 0) {
            tag above = new tag(wa);
            r.slab(k, z0, z1 - z0, above, below);
            below = above;
        } else {
            tag above = new tag(wb);
            r.slab(k, z0, z1 - z0, below, above);
            below = above;
        }
    }
    taskexit(s: initialstate := false);
}

// Two tasks, so that each parity's slabs are dealt over the cores in turn:
// neighbours then share a core more often than one task's round-robin,
// which would put every slab on another core than the one before it.
task initEven(Slab s in fresh and even) {
    tag out = new tag(out);
    tag inbox = new tag(inbox);
    s.fill();
    taskexit(s: fresh := false, plugging := true, add out, add inbox);
}

task initOdd(Slab s in fresh and !even) {
    tag out = new tag(out);
    tag inbox = new tag(inbox);
    s.fill();
    taskexit(s: fresh := false, plugging := true, add out, add inbox);
}

task plugUpEven(Slab s in plugging and even and !top and !upMade with wa high and out o and inbox i) {
    s.connect(o, i, high, true);
    taskexit(s: upMade := true);
}

task plugUpOdd(Slab s in plugging and !even and !top and !upMade with wb high and out o and inbox i) {
    s.connect(o, i, high, true);
    taskexit(s: upMade := true);
}

task plugDownEven(Slab s in plugging and even and !bottom and !downMade with wb low and out o and inbox i) {
    s.connect(o, i, low, false);
    taskexit(s: downMade := true);
}

task plugDownOdd(Slab s in plugging and !even and !bottom and !downMade with wa low and out o and inbox i) {
    s.connect(o, i, low, false);
    taskexit(s: downMade := true);
}

task plugged(Slab s in plugging and (upMade or top) and (downMade or bottom)) {
    taskexit(s: plugging := false, active := true, odd := true);
}

task wireUpA(Port p in up with wa w and out o, Addr a in below with wa w and inbox i) {
    new Pipe() { upward := true, add o, add i };
    taskexit(p: up := false; a: below := false);
}

task wireUpB(Port p in up with wb w and out o, Addr a in below with wb w and inbox i) {
    new Pipe() { upward := true, add o, add i };
    taskexit(p: up := false; a: below := false);
}

task wireDownA(Port p in down with wa w and out o, Addr a in above with wa w and inbox i) {
    new Pipe() { downward := true, add o, add i };
    taskexit(p: down := false; a: above := false);
}

task wireDownB(Port p in down with wb w and out o, Addr a in above with wb w and inbox i) {
    new Pipe() { downward := true, add o, add i };
    taskexit(p: down := false; a: above := false);
}

task rimOdd(Slab s in active and odd and !inner and !sendUp and !sendDown and !lowEven and !lowOdd and !highEven and !highOdd) {
    s.rim();
    if (s.steps == 0) {
        taskexit(s: odd := false, inner := true, last := true);
    }
    taskexit(s: odd := false, inner := true, sendUp := true, sendDown := true);
}

task rimEven(Slab s in active and !odd and !inner and !sendUp and !sendDown and !lowEven and !lowOdd and !highEven and !highOdd) {
    s.rim();
    if (s.steps == 0) {
        taskexit(s: odd := true, inner := true, last := true);
    }
    taskexit(s: odd := true, inner := true, sendUp := true, sendDown := true);
}

// After an odd step's rim (its `odd` flag, the next step's, is off).
task interiorOdd(Slab s in inner and !last and !odd) {
    s.interior();
    taskexit(s: inner := false, lowOdd := true, highOdd := true);
}

task interiorEven(Slab s in inner and !last and odd) {
    s.interior();
    taskexit(s: inner := false, lowEven := true, highEven := true);
}

task finish(Slab s in inner and last) {
    s.interior();
    new Sums(s.z0, s.sum()) { ready := true };
    taskexit(s: inner := false, last := false, active := false);
}

task noneBelow(Slab s in bottom and (sendDown or lowEven or lowOdd)) {
    taskexit(s: sendDown := false, lowEven := false, lowOdd := false);
}

task noneAbove(Slab s in top and (sendUp or highEven or highOdd)) {
    taskexit(s: sendUp := false, highEven := false, highOdd := false);
}

task sendUpOdd(Slab s in sendUp and !top and !odd with out o, Pipe p in upward with out o and inbox i) {
    s.post(i, true, true);
    taskexit(s: sendUp := false);
}

task sendUpEven(Slab s in sendUp and !top and odd with out o, Pipe p in upward with out o and inbox i) {
    s.post(i, true, false);
    taskexit(s: sendUp := false);
}

task sendDownOdd(Slab s in sendDown and !bottom and !odd with out o, Pipe p in downward with out o and inbox i) {
    s.post(i, false, true);
    taskexit(s: sendDown := false);
}

task sendDownEven(Slab s in sendDown and !bottom and odd with out o, Pipe p in downward with out o and inbox i) {
    s.post(i, false, false);
    taskexit(s: sendDown := false);
}

task takeLowEven(Slab s in lowEven with inbox i, Halo h in fromBelow and !odd with inbox i) {
    s.ghost(0, h);
    taskexit(s: lowEven := false; h: fromBelow := false);
}

task takeLowOdd(Slab s in lowOdd with inbox i, Halo h in fromBelow and odd with inbox i) {
    s.ghost(0, h);
    taskexit(s: lowOdd := false; h: fromBelow := false);
}

task takeHighEven(Slab s in highEven with inbox i, Halo h in fromAbove and !odd with inbox i) {
    s.ghost(s.nz + 1, h);
    taskexit(s: highEven := false; h: fromAbove := false);
}

task takeHighOdd(Slab s in highOdd with inbox i, Halo h in fromAbove and odd with inbox i) {
    s.ghost(s.nz + 1, h);
    taskexit(s: highOdd := false; h: fromAbove := false);
}

task gather(Result r in open, Sums m in ready) {
    if (r.gather(m)) {
        r.report();
        taskexit(r: open := false; m: ready := false);
    }
    taskexit(m: ready := false);
}
