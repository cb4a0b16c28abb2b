// HashMap: put (returns the previous value), get, containsKey,
// containsValue, remove, size, keySet/values/entrySet iteration order
// (Java's: by bucket of the spread hash code, after resizes), null
// values, Integer and String keys, getOrDefault, putIfAbsent, toString.

class HM {
    static void run() {
        HashMap m = new HashMap();
        String[] words = { "banana", "apple", "cherry", "date", "elderberry", "fig", "grape", "honeydew", "kiwi", "lemon", "mango", "nectarine", "orange", "papaya", "quince" };
        for (int i = 0; i < words.length; i++)
            m.put(words[i], new Integer(words[i].length()));
        System.out.println(m.size() + " " + m);
        Object prev = m.put("apple", new Integer(100));
        System.out.println(prev + " " + m.get("apple") + " " + m.get("zzz") + " " + m.containsKey("fig") + " " + m.containsKey("FIG") + " " + m.containsValue(new Integer(100)));
        System.out.println(m.remove("fig") + " " + m.remove("fig") + " " + m.size());
        Iterator it = m.keySet().iterator();
        StringBuilder sb = new StringBuilder();
        while (it.hasNext())
            sb.append(it.next()).append(' ');
        System.out.println(sb);
        Iterator vit = m.values().iterator();
        int total = 0;
        while (vit.hasNext())
            total += ((Integer) vit.next()).intValue();
        System.out.println("values total " + total);
        Iterator eit = m.entrySet().iterator();
        while (eit.hasNext()) {
            MapEntry e = (MapEntry) eit.next();
            if (((String) e.getKey()).length() > 6)
                e.setValue("long");
        }
        System.out.println(m);
        HashMap nums = new HashMap();
        for (int i = 0; i < 40; i += 3)
            nums.put(new Integer(i * 37 % 101), new Integer(i));
        System.out.println(nums);
        nums.put(new Integer(-5), null);
        System.out.println(nums.containsKey(new Integer(-5)) + " " + nums.get(new Integer(-5)) + " " + nums.getOrDefault(new Integer(-6), "dflt") + " " + nums.size());
        System.out.println(nums.putIfAbsent(new Integer(0), "no") + " " + nums.putIfAbsent(new Integer(1000), "yes") + " " + nums.get(new Integer(1000)));
        HashMap counts = new HashMap();
        String text = "the cat and the dog and the bird";
        String[] ws = text.split(" ");
        for (int i = 0; i < ws.length; i++) {
            intwrapper c = (intwrapper) counts.get(ws[i]);
            if (c == null) {
                c = new intwrapper();
                counts.put(ws[i], c);
            }
            c.value++;
        }
        Iterator cit = counts.keySet().iterator();
        while (cit.hasNext()) {
            String k = (String) cit.next();
            System.out.print(k + "=" + ((intwrapper) counts.get(k)).value + " ");
        }
        System.out.println();
        m.clear();
        System.out.println(m.isEmpty() + " " + m + " " + m.size());
        HashMap lk = new HashMap();
        lk.put(new Long(1L << 33), "a");
        lk.put(new Long(1), "b");
        lk.put(new Double(0.5), "c");
        lk.put(new Character('z'), "d");
        lk.put(new Boolean(true), "e");
        System.out.println(lk);
    }
}

task startup(StartupObject s in initialstate) {
    HM.run();
    taskexit(s: initialstate := false);
}
