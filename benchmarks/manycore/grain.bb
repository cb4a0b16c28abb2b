// Parallel efficiency against task size: W independent tasks of K inner
// iterations each (a 64-bit LCG step per iteration, about 1 ns), folded
// into one result. Usage: grain W K
class Job {
    flag todo;
    flag done;
    int k;
    long out;

    Job(int k, long seed) {
        this.k = k;
        this.out = seed;
    }
}

class Sum {
    flag open;
    int left;
    long acc;
}

task startup(StartupObject s in initialstate) {
    int w = Integer.parseInt(s.args[0]);
    int k = Integer.parseInt(s.args[1]);
    for (int i = 0; i < w; i++) {
        new Job(k, i) { todo := true };
    }
    Sum m = new Sum() { open := true };
    m.left = w;
    taskexit(s: initialstate := false);
}

task run(Job j in todo) {
    long x = j.out;
    for (int i = 0; i < j.k; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
    }
    j.out = x;
    taskexit(j: todo := false, done := true);
}

task fold(Sum m in open, Job j in done) {
    m.acc ^= j.out;
    m.left--;
    if (m.left == 0) {
        System.out.println("fold " + m.acc);
        taskexit(m: open := false; j: done := false);
    }
    taskexit(j: done := false);
}
