// ArrayList, HashMap, HashSet and Iterator over Object elements, with
// explicit boxing and casts on the way out (no generics, no autoboxing),
// and System.arraycopy.

class Item {
    String name;
    int qty;

    Item(String name, int qty) {
        this.name = name;
        this.qty = qty;
    }
}

task startup(StartupObject s in initialstate) {
    ArrayList list = new ArrayList();
    for (int i = 0; i < 5; i++)
        list.add(new Integer(i * i));
    list.set(0, new Integer(-1));
    list.remove(1);
    int sum = 0;
    for (int i = 0; i < list.size(); i++)
        sum += ((Integer) list.get(i)).intValue();
    System.out.println(list.size() + " " + sum + " " + list.contains(new Integer(16)) + " " + list.isEmpty());

    ArrayList items = new ArrayList();
    items.add(new Item("nails", 100));
    items.add(new Item("screws", 40));
    Iterator it = items.iterator();
    while (it.hasNext()) {
        Item item = (Item) it.next();
        System.out.println(item.name + " x" + item.qty);
    }

    HashMap stock = new HashMap();
    stock.put("apple", new Integer(3));
    stock.put("pear", new Integer(5));
    stock.put("apple", new Integer(4));
    System.out.println(stock.size() + " " + stock.containsKey("pear") + " " + stock.containsKey("plum"));
    Integer apples = (Integer) stock.get("apple");
    System.out.println("apples = " + apples.intValue() + " plum = " + stock.get("plum"));
    int total = 0;
    Iterator vals = stock.values().iterator();
    while (vals.hasNext())
        total += ((Integer) vals.next()).intValue();
    System.out.println("total = " + total);
    Iterator keys = stock.keySet().iterator();
    int keyChars = 0;
    while (keys.hasNext())
        keyChars += ((String) keys.next()).length();
    System.out.println("keyChars = " + keyChars);
    stock.remove("apple");
    System.out.println(stock.isEmpty() + " " + stock.size());

    HashSet seen = new HashSet();
    String[] words = { "a", "b", "a", "c", "b" };
    int dups = 0;
    for (int i = 0; i < words.length; i++) {
        if (seen.contains(words[i]))
            dups++;
        else
            seen.add(words[i]);
    }
    System.out.println("distinct = " + seen.size() + " dups = " + dups);
    seen.clear();
    System.out.println(seen.isEmpty());

    int[] src = { 1, 2, 3, 4, 5 };
    int[] dst = new int[7];
    System.arraycopy(src, 1, dst, 2, 3);
    for (int i = 0; i < dst.length; i++)
        System.out.print(dst[i] + " ");
    System.out.println();
    list.clear();
    System.out.println(list.size());
    taskexit(s: initialstate := false);
}
