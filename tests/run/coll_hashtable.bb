// Hashtable: put/get/remove/containsKey/contains, keys() and elements()
// enumeration order (Java's: buckets from the top down), keySet iteration,
// growth by rehash, toString.

class HT {
    static void run() {
        Hashtable t = new Hashtable();
        for (int i = 0; i < 12; i++)
            t.put("key" + i, new Integer(i * 10));
        System.out.println(t.size() + " " + t.get("key7") + " " + t.containsKey("key11") + " " + t.contains(new Integer(50)) + " " + t.containsValue(new Integer(55)));
        System.out.println(t);
        Enumeration k = t.keys();
        StringBuilder sb = new StringBuilder();
        while (k.hasMoreElements())
            sb.append(k.nextElement()).append(' ');
        System.out.println(sb);
        Enumeration e = t.elements();
        int sum = 0;
        while (e.hasMoreElements())
            sum += ((Integer) e.nextElement()).intValue();
        System.out.println(sum);
        System.out.println(t.remove("key3") + " " + t.remove("key3") + " " + t.size());
        Hashtable ints = new Hashtable();
        for (int i = 0; i < 30; i++)
            ints.put(new Integer(i * 7), "v" + i);
        Iterator it = ints.keySet().iterator();
        StringBuilder order = new StringBuilder();
        while (it.hasNext())
            order.append(it.next()).append(',');
        System.out.println(order);
        Object p = ints.put(new Integer(0), "zero");
        System.out.println(p + " " + ints.get(new Integer(0)) + " " + ints.get(new Integer(1)));
        ints.clear();
        System.out.println(ints.isEmpty());
    }
}

task startup(StartupObject s in initialstate) {
    HT.run();
    taskexit(s: initialstate := false);
}
