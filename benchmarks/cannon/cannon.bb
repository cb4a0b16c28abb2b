// cannon.bb — Cannon's matrix multiply (issue 32) in Bamboo: C = A B for
// N x N matrices on a Q x Q grid of tiles.
//
// Usage: cannon N Q       (Q divides N)
//
// Structure (the arithmetic is cannon_kernel.h's, so the checksum equals the
// C and MPI versions' bit for bit):
//   startup    makes the Rotation and Q x Q Tile objects (in state
//              `multiply`), tile (i, j) holding A's tile (i, (i + j) mod Q)
//              and B's tile ((i + j) mod Q, j) (Cannon's skew);
//   multiply   c += a b for one tile (multiply -> shifted), after the last
//              step also the tile's sum (multiply -> summed);
//   collect    copies a shifted tile's A into the Rotation's slot of the
//              tile to its left and its B into the slot of the tile above
//              (copies, so tiles stay disjoint from it and may move between
//              MPI ranks by value), parking the tile (shifted -> parked);
//              the last tile of a step opens the Rotation for filling;
//   fill       copies a parked tile's new A and B in and sends it to its
//              next step (parked -> multiply); a barrier per step, as the
//              MPI versions' shift;
//   gather     takes a summed tile's sum and, after the last, prints.
//
// Output (identical to cannon.c and both MPI versions):
//   Cannon: N=<N> Q=<Q>
//   checksum bits = <the sum's IEEE 754 bits as a long>
//   checksum * 1e6 = <the sum times 10^6, truncated>
// where the sum adds the tiles' sums in row-major tile order.

class Tile {
    flag multiply;   // holds this step's A and B tiles
    flag shifted;    // multiplied: A and B to hand on
    flag parked;     // waiting for the next A and B
    flag summed;     // done: sum ready

    int i;
    int j;
    int t;           // tile side
    int steps;       // steps still to take
    double[] a;
    double[] b;
    double[] c;
    double sum;

    Tile(int i, int j, int q, int t) {
        this.i = i;
        this.j = j;
        this.t = t;
        this.steps = q;
        int k = (i + j) % q;
        this.a = new double[t * t];
        this.b = new double[t * t];
        this.c = new double[t * t];
        for (int r = 0; r < t; r++) {
            for (int col = 0; col < t; col++) {
                int ar = i * t + r;
                int ac = k * t + col;
                a[r * t + col] = (double) ((ar * 3 + ac * 7) % 17) / 16.0 - 0.5;
                int br = k * t + r;
                int bc = j * t + col;
                b[r * t + col] = (double) ((br * 5 + bc * 11) % 13) / 12.0 - 0.5;
            }
        }
    }

    // c += a b: rows of c outermost, then a's columns.
    void step() {
        double[] x = a;
        double[] y = b;
        double[] z = c;
        int n = t;
        for (int r = 0; r < n; r++) {
            int zr = r * n;
            for (int k = 0; k < n; k++) {
                double v = x[zr + k];
                int yr = k * n;
                for (int col = 0; col < n; col++) {
                    z[zr + col] += v * y[yr + col];
                }
            }
        }
        steps--;
    }

    void total() {
        double s = 0.0;
        for (int k = 0; k < t * t; k++) {
            s += c[k];
        }
        sum = s;
        a = null;
        b = null;
        c = null;
    }
}

class Rotation {
    flag collecting;   // taking shifted tiles' A and B
    flag filling;      // handing them to parked tiles
    flag finished;

    int n;
    int q;
    int count;         // tiles collected or filled in this phase
    double[][] a;      // a[i * q + j]: tile (i, j)'s next A
    double[][] b;      // b[i * q + j]: tile (i, j)'s next B
    double[] sums;     // tile sums, in tile order
    int summed;

    Rotation(int n, int q) {
        this.n = n;
        this.q = q;
        int t = n / q;
        this.a = new double[q * q][t * t];
        this.b = new double[q * q][t * t];
        this.sums = new double[q * q];
    }

    // A one place left, B one place up; true when every tile's are in.
    boolean collect(Tile x) {
        int left = x.i * q + (x.j + q - 1) % q;
        int above = ((x.i + q - 1) % q) * q + x.j;
        System.arraycopy(x.a, 0, a[left], 0, x.a.length);
        System.arraycopy(x.b, 0, b[above], 0, x.b.length);
        count++;
        if (count == q * q) {
            count = 0;
            return true;
        }
        return false;
    }

    // Tile x's next A and B; true after the last tile.
    boolean fill(Tile x) {
        int me = x.i * q + x.j;
        System.arraycopy(a[me], 0, x.a, 0, x.a.length);
        System.arraycopy(b[me], 0, x.b, 0, x.b.length);
        count++;
        if (count == q * q) {
            count = 0;
            return true;
        }
        return false;
    }

    // Takes tile x's sum; true after the last tile.
    boolean gather(Tile x) {
        sums[x.i * q + x.j] = x.sum;
        summed++;
        return summed == q * q;
    }

    void report() {
        double sum = 0.0;
        for (int k = 0; k < q * q; k++) {
            sum += sums[k];
        }
        System.out.println("Cannon: N=" + n + " Q=" + q);
        System.out.println("checksum bits = " + Double.doubleToRawLongBits(sum));
        System.out.println("checksum * 1e6 = " + (long) (sum * 1000000.0));
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 2) {
        System.out.println("usage: cannon N Q");
        taskexit(s: initialstate := false);
    }
    int n = Integer.parseInt(s.args[0]);
    int q = Integer.parseInt(s.args[1]);
    if (n < 1 || q < 1 || n % q != 0) {
        System.out.println("N and Q must be positive and Q must divide N");
        taskexit(s: initialstate := false);
    }
    Rotation rot = new Rotation(n, q) { collecting := true };
    for (int i = 0; i < q; i++) {
        for (int j = 0; j < q; j++) {
            Tile x = new Tile(i, j, q, n / q) { multiply := true };
        }
    }
    taskexit(s: initialstate := false);
}

task multiply(Tile x in multiply) {
    x.step();
    if (x.steps == 0) {
        x.total();
        taskexit(x: multiply := false, summed := true);
    }
    taskexit(x: multiply := false, shifted := true);
}

task collect(Rotation r in collecting, Tile x in shifted) {
    if (r.collect(x)) {
        taskexit(r: collecting := false, filling := true; x: shifted := false, parked := true);
    }
    taskexit(x: shifted := false, parked := true);
}

task fill(Rotation r in filling, Tile x in parked) {
    if (r.fill(x)) {
        taskexit(r: filling := false, collecting := true; x: parked := false, multiply := true);
    }
    taskexit(x: parked := false, multiply := true);
}

task gather(Rotation r in collecting, Tile x in summed) {
    if (r.gather(x)) {
        r.report();
        taskexit(r: collecting := false, finished := true; x: summed := false);
    }
    taskexit(x: summed := false);
}
