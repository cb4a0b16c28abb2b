// Allocation blocks outside tasks: in instance methods, static methods
// and loops inside methods, both spellings, empty blocks, and task objects
// stored in fields and arrays of ordinary objects.

class Chunk {
    flag todo;
    flag done;

    int from;
    int to;
    int primes;

    Chunk(int from, int to) {
        this.from = from;
        this.to = to;
    }

    void count() {
        for (int n = from; n < to; n++) {
            if (n < 2)
                continue;
            boolean prime = true;
            for (int d = 2; d * d <= n; d++)
                if (n % d == 0) {
                    prime = false;
                    break;
                }
            if (prime)
                primes++;
        }
    }
}

class Splitter {
    Chunk[] made;

    Splitter(int parts) {
        made = new Chunk[parts];
    }

    void split(int limit) {
        int step = limit / made.length;
        for (int i = 0; i < made.length; i++)
            made[i] = new Chunk(i * step, (i + 1) * step) { todo := true };
    }

    static Total total(int parts) {
        return new Total(parts){};
    }
}

class Total {
    flag summing;
    int parts;
    int seen;
    int primes;

    Total(int parts) {
        this.parts = parts;
    }

    static Total open(int parts) {
        return new Total(parts){summing};
    }
}

task startup(StartupObject s in initialstate) {
    Splitter sp = new Splitter(5);
    sp.split(1000);
    Total t = Total.open(5);
    Total unused = Splitter.total(0);
    taskexit(s: initialstate := false);
}

task countChunk(Chunk c in todo) {
    c.count();
    taskexit(c: todo := false, done := true);
}

task sum(Total t in summing, Chunk c in done) {
    t.primes += c.primes;
    t.seen++;
    if (t.seen == t.parts) {
        System.out.println("primes below 1000: " + t.primes);
        taskexit(t: summing := false; c: done := false);
    }
    taskexit(c: done := false);
}
