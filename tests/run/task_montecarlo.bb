// Monte Carlo estimate of pi split over 16 task objects, each with its own
// seeded Random (so each worker's count is fixed whatever the order); a
// merge task sums the hit counts; the estimate is printed at the end.

class Worker {
    flag run;
    flag report;
    int id;
    int samples;
    int hits;

    Worker(int id, int samples) {
        this.id = id;
        this.samples = samples;
    }

    void simulate() {
        Random r = new Random(1000 + id);
        int h = 0;
        for (int i = 0; i < samples; i++) {
            double x = r.nextDouble();
            double y = r.nextDouble();
            if (x * x + y * y <= 1.0)
                h++;
        }
        hits = h;
    }
}

class Estimate {
    flag open;
    int workers;
    int merged;
    long hits;
    long samples;
    int[] perWorker;

    Estimate(int workers) {
        this.workers = workers;
        perWorker = new int[workers];
    }

    boolean add(Worker w) {
        merged++;
        hits += w.hits;
        samples += w.samples;
        perWorker[w.id] = w.hits;
        return merged == workers;
    }

    void print() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < perWorker.length; i++)
            sb.append(perWorker[i]).append(' ');
        System.out.println(sb);
        System.out.println("hits " + hits + " of " + samples + " pi ~ " + 4.0 * hits / samples);
    }
}

task startup(StartupObject s in initialstate) {
    int n = 16;
    for (int i = 0; i < n; i++)
        new Worker(i, 20000) { run := true };
    new Estimate(n) { open := true };
    taskexit(s: initialstate := false);
}

task simulate(Worker w in run) {
    w.simulate();
    taskexit(w: run := false, report := true);
}

task merge(Estimate e in open, Worker w in report) {
    if (e.add(w)) {
        e.print();
        taskexit(e: open := false; w: report := false);
    }
    taskexit(w: report := false);
}
