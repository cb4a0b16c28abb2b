// A MonteCarlo-style pipeline: a generator object hands out seeded
// simulation objects one at a time (so simulation overlaps generation),
// simulations run in parallel, and an aggregator folds their results.

class Generator {
    flag generate;

    int next;
    int total;
    long seed;

    Generator(int total, long seed) {
        this.total = total;
        this.seed = seed;
    }

    boolean more() {
        return next < total;
    }

    Simulation nextSimulation() {
        Simulation sim = new Simulation(next, seed + next * 7919L) { run := true };
        next++;
        return sim;
    }
}

class Simulation {
    flag run;
    flag finished;

    int id;
    long seed;
    int hits;
    int trials;

    Simulation(int id, long seed) {
        this.id = id;
        this.seed = seed;
        this.trials = 2000;
    }

    void simulate() {
        Random r = new Random(seed);
        for (int i = 0; i < trials; i++) {
            double x = r.nextDouble();
            double y = r.nextDouble();
            if (x * x + y * y <= 1.0)
                hits++;
        }
    }
}

class Aggregator {
    flag aggregate;

    int expected;
    int received;
    long hits;
    long trials;

    Aggregator(int expected) {
        this.expected = expected;
    }

    boolean add(Simulation s) {
        hits += s.hits;
        trials += s.trials;
        received++;
        return received == expected;
    }

    double estimate() {
        return 4.0 * hits / trials;
    }
}

task startup(StartupObject s in initialstate) {
    int n = 16;
    if (s.args.length > 0)
        n = Integer.parseInt(s.args[0]);
    new Generator(n, 12345L) { generate := true };
    new Aggregator(n) { aggregate := true };
    taskexit(s: initialstate := false);
}

task generate(Generator g in generate) {
    g.nextSimulation();
    if (g.more())
        taskexit(g: generate := true);
    taskexit(g: generate := false);
}

task simulate(Simulation sim in run) {
    sim.simulate();
    taskexit(sim: run := false, finished := true);
}

task aggregate(Aggregator a in aggregate, Simulation sim in finished) {
    if (a.add(sim)) {
        double pi = a.estimate();
        System.out.println("pi is about " + (Math.abs(pi - Math.PI) < 0.1));
        taskexit(a: aggregate := false; sim: finished := false);
    }
    taskexit(sim: finished := false);
}
