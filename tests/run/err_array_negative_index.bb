// A negative index is out of bounds too.

class Grid {
    static int cell(int[][] g, int r, int c) {
        return g[r][c];
    }
}

task startup(StartupObject s in initialstate) {
    int[][] g = new int[2][2];
    System.out.println(Grid.cell(g, 1, 1));
    System.out.println(Grid.cell(g, 0, -1));
    taskexit(s: initialstate := false);
}
