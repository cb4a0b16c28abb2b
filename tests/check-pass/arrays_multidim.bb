// Multi-dimensional arrays: rectangular and ragged creation, partial
// dimensions, nested initialisers, matrix multiplication, and arrays of
// object arrays.

class Matrix {
    double[][] cells;
    int rows;
    int cols;

    Matrix(int rows, int cols) {
        this.rows = rows;
        this.cols = cols;
        cells = new double[rows][cols];
    }

    Matrix times(Matrix o) {
        Matrix r = new Matrix(rows, o.cols);
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < o.cols; j++) {
                double acc = 0.0;
                for (int k = 0; k < cols; k++)
                    acc += cells[i][k] * o.cells[k][j];
                r.cells[i][j] = acc;
            }
        return r;
    }

    static Matrix identity(int n) {
        Matrix m = new Matrix(n, n);
        for (int i = 0; i < n; i++)
            m.cells[i][i] = 1.0;
        return m;
    }
}

task startup(StartupObject s in initialstate) {
    Matrix a = new Matrix(2, 3);
    int v = 1;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            a.cells[i][j] = v++;
    Matrix p = a.times(Matrix.identity(3));
    System.out.println(p.cells[1][2] + " " + p.rows + "x" + p.cols);

    int[][] triangle = new int[5][];
    for (int i = 0; i < triangle.length; i++) {
        triangle[i] = new int[i + 1];
        triangle[i][0] = 1;
        triangle[i][i] = 1;
        for (int j = 1; j < i; j++)
            triangle[i][j] = triangle[i - 1][j - 1] + triangle[i - 1][j];
    }
    System.out.println("C(4,2) = " + triangle[4][2]);

    int[][][] cube = new int[2][3][4];
    cube[1][2][3] = 7;
    System.out.println(cube.length * cube[0].length * cube[0][0].length + " " + cube[1][2][3]);

    String[][] table = { { "a", "b" }, { "c" }, {} };
    System.out.println(table[0][1] + table[1][0] + table[2].length);

    char[][] board = new char[3][3];
    for (char[] row : board)
        for (int j = 0; j < row.length; j++)
            row[j] = '.';
    board[1][1] = 'X';
    for (int i = 0; i < 3; i++)
        System.out.println(new String(board[i]));

    Matrix[] ms = new Matrix[] { Matrix.identity(1), Matrix.identity(2) };
    double[][] id2 = ms[1].cells;
    double[] firstRow = id2[0];
    System.out.println(firstRow[0] + firstRow[1]);
    int[][] copy = new int[][] { { 1, 2 }, triangle[2] };
    System.out.println(copy[1][1]);
    taskexit(s: initialstate := false);
}
