// HashMap under load: thousands of entries (several resizes), removal of
// most of them, keys whose hash codes collide (strings built from "Aa" and
// "BB", enough to turn a bucket into a tree), iteration order after all that.

class HMBig {
    static void run() {
        HashMap m = new HashMap();
        for (int i = 0; i < 5000; i++)
            m.put("k" + i, new Integer(i));
        System.out.println(m.size() + " " + m.get("k4999") + " " + m.get("k5000"));
        for (int i = 0; i < 5000; i++)
            if (i % 7 != 0)
                m.remove("k" + i);
        System.out.println(m.size());
        Iterator it = m.keySet().iterator();
        StringBuilder sb = new StringBuilder();
        int n = 0;
        while (it.hasNext() && n < 20) {
            sb.append(it.next()).append(' ');
            n++;
        }
        System.out.println(sb);
        HashMap col = new HashMap();
        String[] parts = { "Aa", "BB" };
        for (int mask = 0; mask < 64; mask++) {
            String key = "";
            for (int b = 0; b < 6; b++)
                key += parts[(mask >> b) & 1];
            col.put(key, new Integer(mask));
        }
        System.out.println(col.size() + " " + "AaAaAaAaAaAa".hashCode() + " " + "BBBBBBBBBBBB".hashCode());
        System.out.println(col.get("AaBBAaBBAaBB") + " " + col.get("BBBBBBBBBBBB") + " " + col.get("AaAaAaAaAaBb"));
        for (int i = 0; i < 30; i++)
            col.put("pad" + i, new Integer(-i));
        Iterator cit = col.keySet().iterator();
        StringBuilder keys = new StringBuilder();
        while (cit.hasNext())
            keys.append(cit.next()).append(' ');
        System.out.println(keys);
        for (int mask = 0; mask < 64; mask += 2) {
            String key = "";
            for (int b = 0; b < 6; b++)
                key += parts[(mask >> b) & 1];
            col.remove(key);
        }
        System.out.println(col.size() + " " + col);
        HashMap ints = new HashMap();
        for (int i = 0; i < 2000; i++)
            ints.put(new Integer(i * 65536), new Integer(i));
        long sum = 0;
        Iterator iit = ints.entrySet().iterator();
        int pos = 0;
        while (iit.hasNext()) {
            MapEntry e = (MapEntry) iit.next();
            sum += (long) pos * ((Integer) e.getValue()).intValue();
            pos++;
        }
        System.out.println("order checksum " + sum);
    }
}

task startup(StartupObject s in initialstate) {
    HMBig.run();
    taskexit(s: initialstate := false);
}
