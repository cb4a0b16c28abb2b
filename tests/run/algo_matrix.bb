// Double-precision linear algebra: matrix multiply, Gaussian elimination
// with partial pivoting, determinant, a power iteration; printed values
// are Java's double text.

class Matrix {
    static double[][] mul(double[][] a, double[][] b) {
        int n = a.length, m = b[0].length, k = b.length;
        double[][] c = new double[n][m];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) {
                double s = 0;
                for (int t = 0; t < k; t++)
                    s += a[i][t] * b[t][j];
                c[i][j] = s;
            }
        return c;
    }

    static double[] solve(double[][] a0, double[] b0) {
        int n = b0.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++)
            a[i] = Arrays.copyOf(a0[i], n);
        double[] b = Arrays.copyOf(b0, n);
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++)
                if (Math.abs(a[r][col]) > Math.abs(a[piv][col]))
                    piv = r;
            double[] tr = a[col];
            a[col] = a[piv];
            a[piv] = tr;
            double tb = b[col];
            b[col] = b[piv];
            b[piv] = tb;
            for (int r = col + 1; r < n; r++) {
                double f = a[r][col] / a[col][col];
                for (int c = col; c < n; c++)
                    a[r][c] -= f * a[col][c];
                b[r] -= f * b[col];
            }
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int j = i + 1; j < n; j++)
                s -= a[i][j] * x[j];
            x[i] = s / a[i][i];
        }
        return x;
    }

    static double det(double[][] a0) {
        int n = a0.length;
        double[][] a = new double[n][];
        for (int i = 0; i < n; i++)
            a[i] = Arrays.copyOf(a0[i], n);
        double d = 1;
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++)
                if (Math.abs(a[r][col]) > Math.abs(a[piv][col]))
                    piv = r;
            if (a[piv][col] == 0)
                return 0;
            if (piv != col) {
                double[] t = a[col];
                a[col] = a[piv];
                a[piv] = t;
                d = -d;
            }
            d *= a[col][col];
            for (int r = col + 1; r < n; r++) {
                double f = a[r][col] / a[col][col];
                for (int c = col; c < n; c++)
                    a[r][c] -= f * a[col][c];
            }
        }
        return d;
    }

    static void run() {
        double[][] a = { { 4, -2, 1 }, { 3, 6, -4 }, { 2, 1, 8 } };
        double[][] b = { { 1, 0.5 }, { -1, 2 }, { 0.25, 3 } };
        double[][] c = mul(a, b);
        for (int i = 0; i < c.length; i++)
            System.out.println(c[i][0] + " " + c[i][1]);
        double[] x = solve(a, new double[] { 12, -25, 32 });
        System.out.println(x[0] + " " + x[1] + " " + x[2]);
        System.out.println("det " + det(a));
        double[][] h = new double[6][6];
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 6; j++)
                h[i][j] = 1.0 / (i + j + 1);
        System.out.println("hilbert det " + det(h));
        double[] v = { 1, 1, 1 };
        double lambda = 0;
        for (int it = 0; it < 50; it++) {
            double[] w = new double[3];
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    w[i] += a[i][j] * v[j];
            double norm = Math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
            lambda = norm / Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            for (int i = 0; i < 3; i++)
                v[i] = w[i] / norm;
        }
        System.out.println("lambda " + lambda + " v " + v[0] + " " + v[1] + " " + v[2]);
        float[][] fm = { { 0.1f, 0.2f }, { 0.3f, 0.4f } };
        float fs = 0;
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++)
                fs += fm[i][j] * fm[j][i];
        System.out.println("float trace " + fs);
    }
}

task startup(StartupObject s in initialstate) {
    Matrix.run();
    taskexit(s: initialstate := false);
}
