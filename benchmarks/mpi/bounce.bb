// bounce.bb — one object carrying SIZE bytes handed on HOPS times; built
// with --mpi --spread at 2 ranks its round-robin route alternates between
// the two ranks' cores, so about half the hops cross ranks (BAMBOO_STATS
// counts them). Usage: bounce SIZE HOPS (benchmarks/mpi/bench.sh).
class Ball {
    flag red;
    flag blue;
    byte[] payload;
    int left;

    Ball(int size, int hops) {
        payload = new byte[size];
        left = hops;
    }
}

task startup(StartupObject s in initialstate) {
    int size = Integer.parseInt(s.args[0]);
    int hops = Integer.parseInt(s.args[1]);
    new Ball(size, hops) { red := true };
    taskexit(s: initialstate := false);
}

task toBlue(Ball b in red) {
    b.left--;
    if (b.left <= 0) {
        System.out.println("done " + b.payload.length);
        taskexit(b: red := false);
    }
    taskexit(b: red := false, blue := true);
}

task toRed(Ball b in blue) {
    b.left--;
    if (b.left <= 0) {
        System.out.println("done " + b.payload.length);
        taskexit(b: blue := false);
    }
    taskexit(b: blue := false, red := true);
}
