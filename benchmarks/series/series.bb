// series.bb — the Series benchmark (Java Grande Forum, section 2) in Bamboo.
//
// Computes the first N Fourier coefficient pairs (a_i, b_i) of
// f(x) = (x+1)^x on [0, 2], each by trapezoid integration with 1000 steps
// (JGF's quirk kept: the sum covers the interior points dx ... 998*dx only).
//
// Usage: series N [ranges]      (ranges: number of work objects, default 248)
//
// Structure (data parallelism as in the paper's section 2 example):
//   startup    splits 0..N-1 into `ranges` contiguous coefficient ranges,
//              one SeriesRange task object each (in state `compute`), and
//              allocates the Coefficients object that collects them; 248
//              ranges are four per core on 62 cores, and on fewer cores the
//              last ranges are short, so the cores finish close together;
//   integrate  computes one range's coefficients into the range's own
//              arrays (compute -> submit);
//   merge      hands a submitted range's arrays to Coefficients, which keeps
//              them by range number (no copy: the merges are the serial tail
//              on many cores, and copying 2 x N doubles into one result
//              array there cost ~12 us a merge, mostly first-touch page
//              faults); when every range is in, prints the result and sets
//              `finished`.
//
// Output (identical, byte for byte, to series.c and Series.java):
//   Series: N=<N>
//   a[i] = <a>, b[i] = <b>          for i = 0..3 (Double.toString text)
//   sum = <sum of all a_i and b_i, in index order (a_0+b_0+a_1+b_1+...)>
//   VALID | INVALID                  JGF's reference values, |error| <= 1e-12

class SeriesRange {
    flag compute;   // waiting to be integrated
    flag submit;    // coefficients ready to be merged

    int index;      // this range's number, 0 .. ranges-1
    int first;      // coefficients first .. last-1
    int last;
    double[] a;
    double[] b;

    SeriesRange(int index, int first, int last) {
        this.index = index;
        this.first = first;
        this.last = last;
    }

    static double thefunction(double x, double omegan, int select) {
        switch (select) {
            case 0: return Math.pow(x + 1.0, x);
            case 1: return Math.pow(x + 1.0, x) * Math.cos(omegan * x);
            case 2: return Math.pow(x + 1.0, x) * Math.sin(omegan * x);
        }
        return 0.0;
    }

    static double trapezoidIntegrate(double x0, double x1, int nsteps, double omegan, int select) {
        double x = x0;
        double dx = (x1 - x0) / (double) nsteps;
        double rvalue = thefunction(x0, omegan, select) / 2.0;
        if (nsteps != 1) {
            --nsteps;               // JGF: 999*dx is never visited
            while (--nsteps > 0) {
                x += dx;
                rvalue += thefunction(x, omegan, select);
            }
        }
        rvalue += thefunction(x1, omegan, select) / 2.0;
        rvalue *= dx;
        return rvalue;
    }

    void compute() {
        double omega = 3.1415926535897932;
        int count = last - first;
        a = new double[count];
        b = new double[count];
        for (int i = first; i < last; i++) {
            if (i == 0) {
                a[0] = trapezoidIntegrate(0.0, 2.0, 1000, 0.0, 0) / 2.0;
                b[0] = 0.0;
            } else {
                a[i - first] = trapezoidIntegrate(0.0, 2.0, 1000, omega * (double) i, 1);
                b[i - first] = trapezoidIntegrate(0.0, 2.0, 1000, omega * (double) i, 2);
            }
        }
    }
}

class Coefficients {
    flag finished;

    int n;
    int ranges;     // how many SeriesRange objects there are
    int merged;     // how many have been merged so far
    int[] first;    // range g holds coefficients first[g] .. first[g+1]-1
    double[][] a;   // a[g], b[g]: range g's coefficients (its own arrays)
    double[][] b;

    Coefficients(int n, int ranges) {
        this.n = n;
        this.ranges = ranges;
        this.merged = 0;
        this.first = new int[ranges + 1];
        this.a = new double[ranges][];
        this.b = new double[ranges][];
    }

    // Takes one range's arrays; true when every range has been merged.
    boolean mergeRange(SeriesRange r) {
        first[r.index] = r.first;
        first[r.index + 1] = r.last;
        a[r.index] = r.a;
        b[r.index] = r.b;
        r.a = null;
        r.b = null;
        merged++;
        return merged == ranges;
    }

    // The range that holds coefficient i.
    int rangeOf(int i) {
        int g = 0;
        while (first[g + 1] <= i) {
            g++;
        }
        return g;
    }

    void report() {
        double[][] ref = {
            { 2.8729524964837996, 0.0 },
            { 1.1161046676147888, -1.8819691893398025 },
            { 0.34429060398168704, -1.1645642623320958 },
            { 0.15238898702519288, -0.8143461113044298 }
        };
        System.out.println("Series: N=" + n);
        boolean valid = true;
        for (int i = 0; i < 4; i++) {
            int g = rangeOf(i);
            double ai = a[g][i - first[g]];
            double bi = b[g][i - first[g]];
            System.out.println("a[" + i + "] = " + ai + ", b[" + i + "] = " + bi);
            if (Math.abs(ai - ref[i][0]) > 1.0e-12 || Math.abs(bi - ref[i][1]) > 1.0e-12) {
                valid = false;
            }
        }
        // Range by range, so still in index order: the same sum as one array's.
        double sum = 0.0;
        for (int g = 0; g < ranges; g++) {
            double[] ag = a[g];
            double[] bg = b[g];
            int count = first[g + 1] - first[g];
            for (int j = 0; j < count; j++) {
                sum += ag[j];
                sum += bg[j];
            }
        }
        System.out.println("sum = " + sum);
        if (valid) {
            System.out.println("VALID");
        } else {
            System.out.println("INVALID");
        }
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 1) {
        System.out.println("usage: series N [ranges]");
        taskexit(s: initialstate := false);
    }
    int n = Integer.parseInt(s.args[0]);
    int ranges = 248;
    if (s.args.length > 1) {
        ranges = Integer.parseInt(s.args[1]);
    }
    if (n < 4) {
        System.out.println("N must be at least 4");
        taskexit(s: initialstate := false);
    }
    if (ranges < 1) {
        ranges = 1;
    }
    if (ranges > n) {
        ranges = n;
    }
    for (int g = 0; g < ranges; g++) {
        int first = (int) ((long) n * g / ranges);
        int last = (int) ((long) n * (g + 1) / ranges);
        SeriesRange r = new SeriesRange(g, first, last) { compute := true };
    }
    Coefficients c = new Coefficients(n, ranges) { finished := false };
    taskexit(s: initialstate := false);
}

task integrate(SeriesRange r in compute) {
    r.compute();
    taskexit(r: compute := false, submit := true);
}

task merge(Coefficients c in !finished, SeriesRange r in submit) {
    if (c.mergeRange(r)) {
        c.report();
        taskexit(c: finished := true; r: submit := false);
    }
    taskexit(r: submit := false);
}
