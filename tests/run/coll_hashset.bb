// HashSet: add (false on duplicates), contains, remove, size, iteration
// order (Java's), sets of Strings and Integers, addAll/retainAll/removeAll,
// equals between sets.

class HS {
    static String show(HashSet s) {
        StringBuilder sb = new StringBuilder("{");
        Iterator it = s.iterator();
        boolean first = true;
        while (it.hasNext()) {
            if (!first)
                sb.append(", ");
            sb.append(it.next());
            first = false;
        }
        return sb.append("}").toString();
    }

    static void run() {
        HashSet s = new HashSet();
        String[] ws = "to be or not to be that is the question whether tis nobler".split(" ");
        int dups = 0;
        for (int i = 0; i < ws.length; i++)
            if (!s.add(ws[i]))
                dups++;
        System.out.println(s.size() + " dups=" + dups + " " + show(s));
        System.out.println(s.contains("be") + " " + s.contains("Be") + " " + s.remove("be") + " " + s.remove("be") + " " + s.size());
        HashSet nums = new HashSet();
        for (int i = 0; i < 50; i++)
            nums.add(new Integer((i * i) % 17));
        System.out.println(nums.size() + " " + show(nums) + " " + nums);
        HashSet evens = new HashSet();
        for (int i = 0; i < 20; i += 2)
            evens.add(new Integer(i));
        HashSet copy = new HashSet(nums);
        copy.retainAll(evens);
        System.out.println(show(copy));
        copy = new HashSet(nums);
        copy.removeAll(evens);
        System.out.println(show(copy));
        copy.addAll(evens);
        System.out.println(copy.size() + " " + show(copy));
        HashSet a = new HashSet();
        HashSet b = new HashSet();
        a.add("x");
        a.add("y");
        b.add("y");
        b.add("x");
        System.out.println(a.equals(b) + " " + (a.hashCode() == b.hashCode()) + " " + a.isEmpty());
        a.clear();
        System.out.println(a.size() + " " + a.isEmpty() + " " + a.equals(b));
        HashSet big = new HashSet();
        for (int i = 0; i < 1000; i++)
            big.add("s" + (i % 300));
        System.out.println(big.size());
    }
}

task startup(StartupObject s in initialstate) {
    HS.run();
    taskexit(s: initialstate := false);
}
