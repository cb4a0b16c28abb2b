// Iterative rounds driven by flags (k-means on integer points): in each
// round every Point picks its nearest center (assign), reports to the
// Coordinator (merge), and once all points reported, the Coordinator
// moves the centers and re-arms every point one by one (restart) before the
// next round. Integer arithmetic keeps the result independent of the
// order of invocations.

class Point {
    flag assign;
    flag assigned;
    flag waiting;
    flag finished;

    int x, y;
    int cluster;
    int[] cx, cy;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    void nearest() {
        int best = 0;
        long bestD = Long.MAX_VALUE;
        for (int k = 0; k < cx.length; k++) {
            long dx = x - cx[k], dy = y - cy[k];
            long d = dx * dx + dy * dy;
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        cluster = best;
    }
}

class Coordinator {
    flag collecting;
    flag broadcasting;
    flag done;

    int points;
    int round;
    int maxRounds;
    int reported;
    int rearmed;
    int[] cx, cy;
    long[] sx, sy;
    int[] count;

    Coordinator(int points, int k, int maxRounds) {
        this.points = points;
        this.maxRounds = maxRounds;
        cx = new int[k];
        cy = new int[k];
        for (int i = 0; i < k; i++) {
            cx[i] = 30 + i * 50;
            cy[i] = 40 + i * 30;
        }
        sx = new long[k];
        sy = new long[k];
        count = new int[k];
    }

    boolean report(Point p) {
        sx[p.cluster] += p.x;
        sy[p.cluster] += p.y;
        count[p.cluster]++;
        reported++;
        return reported == points;
    }

    void update() {
        StringBuilder sb = new StringBuilder("round " + round + ":");
        for (int k = 0; k < cx.length; k++) {
            if (count[k] > 0) {
                cx[k] = (int) (sx[k] / count[k]);
                cy[k] = (int) (sy[k] / count[k]);
            }
            sb.append(" (").append(cx[k]).append(',').append(cy[k]).append(")x").append(count[k]);
            sx[k] = sy[k] = 0;
            count[k] = 0;
        }
        System.out.println(sb);
        reported = 0;
        round++;
    }

    void arm(Point p) {
        p.cx = Arrays.copyOf(cx, cx.length);
        p.cy = Arrays.copyOf(cy, cy.length);
        rearmed++;
    }
}

task startup(StartupObject s in initialstate) {
    Random r = new Random(77);
    int n = 300;
    Coordinator c = new Coordinator(n, 3, 6) { broadcasting := true };
    for (int i = 0; i < n; i++) {
        int blob = i % 3;
        new Point(blob * 100 + r.nextInt(40), (2 - blob) * 70 + r.nextInt(40)) { waiting := true };
    }
    taskexit(s: initialstate := false);
}

task restart(Coordinator c in broadcasting, Point p in waiting) {
    c.arm(p);
    if (c.rearmed == c.points) {
        c.rearmed = 0;
        taskexit(c: broadcasting := false, collecting := true; p: waiting := false, assign := true);
    }
    taskexit(p: waiting := false, assign := true);
}

task assign(Point p in assign) {
    p.nearest();
    taskexit(p: assign := false, assigned := true);
}

task merge(Coordinator c in collecting, Point p in assigned) {
    if (c.report(p)) {
        c.update();
        if (c.round == c.maxRounds) {
            System.out.println("done after " + c.round + " rounds");
            taskexit(c: collecting := false, done := true; p: assigned := false, finished := true);
        }
        taskexit(c: collecting := false, broadcasting := true; p: assigned := false, waiting := true);
    }
    taskexit(p: assigned := false, waiting := true);
}
