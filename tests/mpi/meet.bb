// meet.bb — Jacobi's shape (issue 32): four large Blocks, each step worked
// on alone and then posted to one small Board, which every Block meets
// twice a step (post, then take). Under MPI the Board must travel to the
// Blocks' ranks, not the Blocks to the Board's (runtime-c/src/meet.c):
// compiler/tests/mpi.rs counts the bytes crossing ranks.

class Block {
    flag work;
    flag posted;
    flag waiting;
    flag done;

    int index;
    int steps;
    double[] data;   // 32768 doubles: 256 KB

    Block(int index, int steps) {
        this.index = index;
        this.steps = steps;
        this.data = new double[32768];
        for (int i = 0; i < data.length; i++) {
            data[i] = (double) ((i * 7 + index * 13) % 101);
        }
    }

    void step(double shift) {
        for (int i = 0; i < data.length; i++) {
            data[i] = data[i] * 0.5 + shift;
        }
        steps--;
    }
}

class Board {
    flag posting;
    flag taking;
    flag finished;

    int blocks;
    int count;
    double[] edges;  // each block's first value, by index
    double[] sums;   // each finished block's sum, by index
    int reported;

    Board(int blocks) {
        this.blocks = blocks;
        this.edges = new double[blocks];
        this.sums = new double[blocks];
    }

    boolean post(Block b) {
        edges[b.index] = b.data[0];
        count++;
        if (count == blocks) {
            count = 0;
            return true;
        }
        return false;
    }

    // The neighbour's posted value, added to this block's next step.
    double take(Block b) {
        count++;
        return edges[(b.index + 1) % blocks];
    }

    boolean taken() {
        if (count == blocks) {
            count = 0;
            return true;
        }
        return false;
    }
}

task startup(StartupObject s in initialstate) {
    Board board = new Board(4) { posting := true };
    for (int k = 0; k < 4; k++) {
        Block b = new Block(k, 12) { work := true };
    }
    taskexit(s: initialstate := false);
}

task work(Block b in work) {
    b.step(0.25);
    if (b.steps == 0) {
        taskexit(b: work := false, done := true);
    }
    taskexit(b: work := false, posted := true);
}

task post(Board x in posting, Block b in posted) {
    if (x.post(b)) {
        taskexit(x: posting := false, taking := true; b: posted := false, waiting := true);
    }
    taskexit(b: posted := false, waiting := true);
}

task take(Board x in taking, Block b in waiting) {
    double edge = x.take(b);
    b.data[1] = b.data[1] + edge;
    if (x.taken()) {
        taskexit(x: taking := false, posting := true; b: waiting := false, work := true);
    }
    taskexit(b: waiting := false, work := true);
}

task finish(Board x in posting, Block b in done) {
    double s = 0.0;
    for (int i = 0; i < b.data.length; i++) {
        s += b.data[i];
    }
    x.sums[b.index] = s;
    x.reported++;
    System.out.println("block " + b.index + " sum " + (long) (s * 1000.0));
    if (x.reported == x.blocks) {
        double total = 0.0;
        for (int k = 0; k < x.blocks; k++) {
            total += x.sums[k];
        }
        System.out.println("total " + (long) (total * 1000.0));
        taskexit(x: posting := false, finished := true; b: done := false);
    }
    taskexit(b: done := false);
}
