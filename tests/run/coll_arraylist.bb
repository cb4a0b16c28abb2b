// ArrayList: add, add(index), get, set (returns the old element), remove
// by index and by object, contains, indexOf, lastIndexOf, size, isEmpty,
// clear, iterator (with remove), toString, addAll, toArray; boxed ints.

class AL {
    static void run() {
        ArrayList list = new ArrayList();
        System.out.println(list.isEmpty() + " " + list.size() + " " + list);
        for (int i = 0; i < 10; i++)
            list.add(new Integer(i * i));
        System.out.println(list.size() + " " + list.get(3) + " " + list);
        list.add(0, "first");
        list.add(5, "middle");
        list.add(list.size(), "last");
        System.out.println(list);
        Object old = list.set(1, "replaced");
        System.out.println(old + " " + list.get(1));
        Object removed = list.remove(2);
        System.out.println(removed + " " + list.size());
        boolean r1 = list.remove("middle");
        boolean r2 = list.remove("absent");
        System.out.println(r1 + " " + r2 + " " + list);
        list.remove(new Integer(49));
        System.out.println(list.contains(new Integer(64)) + " " + list.contains(new Integer(49)) + " " + list.indexOf(new Integer(16)) + " " + list.indexOf("nope"));
        list.add("first");
        System.out.println(list.indexOf("first") + " " + list.lastIndexOf("first"));
        Iterator it = list.iterator();
        int sum = 0;
        while (it.hasNext()) {
            Object o = it.next();
            if (o instanceof Integer) {
                int v = ((Integer) o).intValue();
                sum += v;
                if (v % 2 == 1)
                    it.remove();
            }
        }
        System.out.println(sum + " " + list);
        ArrayList other = new ArrayList();
        other.add("x");
        other.add(null);
        list.addAll(other);
        System.out.println(list.size() + " " + list.contains(null) + " " + list.indexOf(null));
        Object[] arr = list.toArray();
        System.out.println(arr.length + " " + arr[0]);
        list.clear();
        System.out.println(list.isEmpty() + " " + list.size());
        ArrayList big = new ArrayList();
        for (int i = 0; i < 10000; i++)
            big.add(new Integer(i));
        long total = 0;
        for (int i = 0; i < big.size(); i++)
            total += ((Integer) big.get(i)).intValue();
        while (big.size() > 3)
            big.remove(big.size() - 1);
        System.out.println(total + " " + big);
        ArrayList copy = new ArrayList(big);
        copy.add("more");
        System.out.println(copy + " " + big.size() + " " + copy.equals(big));
    }
}

task startup(StartupObject s in initialstate) {
    AL.run();
    taskexit(s: initialstate := false);
}
