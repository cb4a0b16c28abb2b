// Disjoint: startup makes workers in a loop (one allocation site); each owns
// fresh arrays and a fresh list, so no two workers share anything.
class Worker {
    flag run;
    flag done;
    int[] data;
    LinkedList log;
    Worker(int n) {
        data = new int[n];
        log = new LinkedList();
        log.add(new Integer(n));
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 1; i <= 4; i++) {
        Worker w = new Worker(i) { run := true };
        w.data[0] = i;
    }
    taskexit(s: initialstate := false);
}

task work(Worker w in run) {
    int sum = 0;
    for (int i = 0; i < w.data.length; i++) { sum += w.data[i]; }
    System.out.println("worker " + w.data.length + " sum " + sum + " log " + w.log.size());
    taskexit(w: run := false, done := true);
}
