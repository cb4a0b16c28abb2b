// Several flags per class (declared one per line and several in one
// declaration) used as orthogonal abstract states: a job is independently
// `ready`/`done` and `urgent`; tasks move jobs between states.

class Job {
    flag ready;
    flag done;
    flag urgent, logged;

    int id;
    int work;
    int result;

    Job(int id, int work) {
        this.id = id;
        this.work = work;
    }

    void run() {
        int acc = 0;
        for (int i = 1; i <= work; i++)
            acc += i * i;
        result = acc;
    }
}

class Summary {
    flag open;
    int count;
    int expected;
    long total;

    Summary(int expected) {
        this.expected = expected;
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 6; i++) {
        if (i % 3 == 0)
            new Job(i, i * 10) { ready := true, urgent := true };
        else
            new Job(i, i * 10) { ready := true };
    }
    Summary sum = new Summary(6) { open := true };
    taskexit(s: initialstate := false);
}

task runUrgent(Job j in ready and urgent) {
    j.run();
    taskexit(j: ready := false, urgent := false, done := true);
}

task runNormal(Job j in ready and !urgent) {
    j.run();
    taskexit(j: done := true, ready := false);
}

task collect(Summary sum in open, Job j in done and !logged) {
    sum.count++;
    sum.total += j.result;
    if (sum.count == sum.expected) {
        System.out.println("jobs " + sum.count + " total " + sum.total);
        taskexit(sum: open := false; j: logged := true);
    }
    taskexit(j: logged := true);
}
