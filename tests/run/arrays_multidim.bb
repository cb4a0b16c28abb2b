// Multi-dimensional arrays: rectangular creation, partially specified
// dimensions (new int[3][]), jagged initialisers, C-style declarators
// (int a[], float pair[][]), mixed forms (int[] b[]), rows replaced.

class Multi {
    static int sum(int m[][]) {
        int s = 0;
        for (int i = 0; i < m.length; i++)
            for (int j = 0; j < m[i].length; j++)
                s += m[i][j];
        return s;
    }

    static void run() {
        int[][] rect = new int[3][4];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 4; j++)
                rect[i][j] = i * 10 + j;
        System.out.println(rect.length + " " + rect[0].length + " " + rect[2][3] + " " + sum(rect));
        int[][] jag = new int[4][];
        System.out.println(jag[0] == null);
        for (int i = 0; i < jag.length; i++) {
            jag[i] = new int[i + 1];
            for (int j = 0; j <= i; j++)
                jag[i][j] = (i == j || j == 0) ? 1 : jag[i - 1][j - 1] + jag[i - 1][j];
        }
        for (int i = 0; i < jag.length; i++) {
            for (int j = 0; j < jag[i].length; j++)
                System.out.print(jag[i][j] + " ");
            System.out.println();
        }
        int cstyle[] = { 1, 2, 3 };
        float pair[][] = new float[2][3];
        pair[1][2] = 2.5f;
        int[] mixed[] = { { 1 }, { 2, 3 } };
        int a, b[], c[][];
        a = 1;
        b = new int[] { 4, 5 };
        c = new int[][] { b, { 6 } };
        System.out.println(cstyle.length + " " + pair[1][2] + " " + pair[0][0] + " " + mixed[1][1] + " " + a + " " + b[1] + " " + c[0][1] + " " + c[1][0]);
        double[][][] cube = new double[2][3][4];
        cube[1][2][3] = 7.5;
        System.out.println(cube.length + " " + cube[1].length + " " + cube[1][2].length + " " + cube[1][2][3] + " " + cube[0][0][0]);
        long[][][] partial = new long[2][2][];
        System.out.println(partial[1][1] == null);
        String[][] names = { { "a", "b" }, {}, { "c" } };
        int count = 0;
        for (int i = 0; i < names.length; i++)
            count += names[i].length;
        System.out.println(count + " " + names[2][0]);
        int[][] swapped = { { 1, 2 }, { 3, 4 } };
        int[] tmp = swapped[0];
        swapped[0] = swapped[1];
        swapped[1] = tmp;
        System.out.println(swapped[0][0] + " " + swapped[1][1]);
        int[][] shared = new int[2][];
        shared[0] = shared[1] = new int[2];
        shared[0][1] = 9;
        System.out.println(shared[1][1]);
        char[][] board = new char[3][3];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                board[i][j] = (i + j) % 2 == 0 ? 'X' : 'O';
        for (int i = 0; i < 3; i++)
            System.out.println(new String(board[i]));
        int[][] identity = new int[4][4];
        for (int i = 0; i < 4; i++)
            identity[i][i] = 1;
        int[][] prod = new int[4][4];
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                for (int k = 0; k < 4; k++)
                    prod[i][j] += identity[i][k] * rect[k % 3][j];
        System.out.println(sum(prod));
        Object o = rect;
        System.out.println((o instanceof int[][]) + " " + (o instanceof Object[]) + " " + (rect[0] instanceof int[]));
        int[][] zero = new int[0][5];
        System.out.println(zero.length);
    }
}

task startup(StartupObject s in initialstate) {
    Multi.run();
    taskexit(s: initialstate := false);
}
