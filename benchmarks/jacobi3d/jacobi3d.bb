// jacobi3d.bb — Jacobi-3D (issue 32) in Bamboo: a 7-point stencil on an
// N x N x N grid, cut into slabs of planes (blocks), with a halo exchange
// every iteration.
//
// Usage: jacobi3d N ITERATIONS [blocks=4]
//
// Structure (the grid's arithmetic is jacobi3d_kernel.h's, so the checksum
// equals the C and MPI versions' bit for bit):
//   startup   makes the Exchange and `blocks` Slab objects (in state
//             `sweep`), each holding its planes with a ghost plane below and
//             above;
//   sweep     one Jacobi step of a slab (sweep -> swept); after the last
//             step it sums its planes instead (sweep -> summed);
//   collect   copies a swept slab's boundary planes into the Exchange (a
//             copy, so the slabs stay disjoint from it and may move between
//             MPI ranks by value) and parks the slab (swept -> parked); the
//             last slab of a step opens the Exchange for filling;
//   fill      copies the neighbours' planes into a parked slab's ghosts and
//             sends it to its next step (parked -> sweep); the last one
//             closes the Exchange again (a barrier per step, as MPI-basic);
//   gather    takes a summed slab's plane sums and, after the last, prints.
//
// Output (identical to jacobi3d.c and both MPI versions):
//   Jacobi3D: N=<N> iterations=<ITERATIONS>
//   checksum bits = <the sum's IEEE 754 bits as a long>
//   checksum * 1e6 = <the sum times 10^6, truncated>
// where the sum adds the planes' sums in plane order, each plane row by row.

class Slab {
    flag sweep;     // ghosts current: ready for a step
    flag swept;     // stepped: boundary planes to hand over
    flag parked;    // waiting for the neighbours' planes
    flag summed;    // done: plane sums ready

    int index;      // slab number, 0 .. blocks-1
    int n;          // interior points per side
    int z0;         // first plane
    int nz;         // planes
    int steps;      // steps still to take
    double[] u;     // (nz + 2) planes of (n + 2)^2 doubles
    double[] v;     // the next step's values
    double[] sums;  // plane sums, after the last step

    Slab(int index, int n, int z0, int nz, int steps) {
        this.index = index;
        this.n = n;
        this.z0 = z0;
        this.nz = nz;
        this.steps = steps;
        this.u = initial();
        this.v = initial();
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

    // One step: the centre and its six neighbours, in jacobi3d_kernel.h's
    // order.
    void step() {
        int w = n + 2;
        int plane = w * w;
        double[] a = u;
        double[] b = v;
        double seventh = 1.0 / 7.0;
        for (int z = 1; z <= nz; z++) {
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
        u = b;
        v = a;
        steps--;
    }

    void sum() {
        int w = n + 2;
        sums = new double[nz];
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
        v = null;
    }
}

class Exchange {
    flag collecting;   // taking swept slabs' boundary planes
    flag filling;      // handing the planes to parked slabs
    flag finished;

    int n;
    int blocks;
    int iterations;
    int count;         // slabs collected or filled in this phase
    int planeSize;
    double[][] low;    // low[k]: slab k's first plane
    double[][] high;   // high[k]: slab k's last plane
    double[] sums;     // every plane's sum, by plane
    int summed;

    Exchange(int n, int blocks, int iterations) {
        this.n = n;
        this.blocks = blocks;
        this.iterations = iterations;
        this.planeSize = (n + 2) * (n + 2);
        this.low = new double[blocks][planeSize];
        this.high = new double[blocks][planeSize];
        this.sums = new double[n];
    }

    // Keeps slab s's boundary planes; true when every slab's are in.
    boolean collect(Slab s) {
        System.arraycopy(s.u, planeSize, low[s.index], 0, planeSize);
        System.arraycopy(s.u, s.nz * planeSize, high[s.index], 0, planeSize);
        count++;
        if (count == blocks) {
            count = 0;
            return true;
        }
        return false;
    }

    // Fills slab s's ghosts from its neighbours; true after the last slab.
    boolean fill(Slab s) {
        if (s.index > 0) {
            System.arraycopy(high[s.index - 1], 0, s.u, 0, planeSize);
        }
        if (s.index < blocks - 1) {
            System.arraycopy(low[s.index + 1], 0, s.u, (s.nz + 1) * planeSize, planeSize);
        }
        count++;
        if (count == blocks) {
            count = 0;
            return true;
        }
        return false;
    }

    // Takes slab s's plane sums; true after the last slab.
    boolean gather(Slab s) {
        System.arraycopy(s.sums, 0, sums, s.z0, s.nz);
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
    Exchange x = new Exchange(n, blocks, iterations) { collecting := true };
    for (int k = 0; k < blocks; k++) {
        int z0 = (int) ((long) n * k / blocks);
        int z1 = (int) ((long) n * (k + 1) / blocks);
        Slab b = new Slab(k, n, z0, z1 - z0, iterations) { sweep := true };
    }
    taskexit(s: initialstate := false);
}

task sweep(Slab b in sweep) {
    b.step();
    if (b.steps == 0) {
        b.sum();
        taskexit(b: sweep := false, summed := true);
    }
    taskexit(b: sweep := false, swept := true);
}

task collect(Exchange x in collecting, Slab b in swept) {
    if (x.collect(b)) {
        taskexit(x: collecting := false, filling := true; b: swept := false, parked := true);
    }
    taskexit(b: swept := false, parked := true);
}

task fill(Exchange x in filling, Slab b in parked) {
    if (x.fill(b)) {
        taskexit(x: filling := false, collecting := true; b: parked := false, sweep := true);
    }
    taskexit(b: parked := false, sweep := true);
}

task gather(Exchange x in collecting, Slab b in summed) {
    if (x.gather(b)) {
        x.report();
        taskexit(x: collecting := false, finished := true; b: summed := false);
    }
    taskexit(b: summed := false);
}
