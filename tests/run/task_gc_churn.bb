// Allocation churn across many task invocations: each of 2,000 invocations
// of a re-enabled task builds temporary strings, arrays and lists (garbage
// after the task exits) while a HashMap kept in the task object
// accumulates live data; the collector runs between invocations
// (BAMBOO_GC_STRESS=1 runs it at every boundary) and must keep everything
// reachable from task objects.

class Churner {
    flag busy;
    flag finished;
    int step;
    HashMap live = new HashMap();
    ArrayList keep = new ArrayList();
    long checksum;

    void work() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20; i++)
            sb.append(step * 31 + i).append(',');
        String s = sb.toString();
        String[] parts = s.split(",");
        int[] tmp = new int[parts.length];
        for (int i = 0; i < parts.length; i++)
            tmp[i] = Integer.parseInt(parts[i]);
        ArrayList garbage = new ArrayList();
        for (int i = 0; i < tmp.length; i++)
            garbage.add(new Integer(tmp[i] * 2));
        long local = 0;
        for (int i = 0; i < garbage.size(); i++)
            local += ((Integer) garbage.get(i)).intValue();
        checksum += local;
        String key = "k" + (step % 97);
        intwrapper w = (intwrapper) live.get(key);
        if (w == null) {
            w = new intwrapper();
            live.put(key, w);
        }
        w.value += step;
        if (step % 100 == 0)
            keep.add(new int[] { step, step * step });
        step++;
    }
}

task startup(StartupObject s in initialstate) {
    new Churner() { busy := true };
    new Churner() { busy := true };
    taskexit(s: initialstate := false);
}

task churn(Churner c in busy) {
    c.work();
    if (c.step == 1000)
        taskexit(c: busy := false, finished := true);
    taskexit(c: busy := true);
}

task report(Churner a in finished, Churner b in finished) {
    long total = 0;
    Iterator it = a.live.values().iterator();
    while (it.hasNext())
        total += ((intwrapper) it.next()).value;
    it = b.live.values().iterator();
    while (it.hasNext())
        total += ((intwrapper) it.next()).value;
    long kept = 0;
    for (int i = 0; i < a.keep.size(); i++)
        kept += ((int[]) a.keep.get(i))[1];
    for (int i = 0; i < b.keep.size(); i++)
        kept += ((int[]) b.keep.get(i))[1];
    System.out.println("checksums " + a.checksum + " " + b.checksum + " live " + a.live.size() + " " + b.live.size() + " total " + total + " kept " + kept);
    taskexit(a: finished := false; b: finished := false);
}
