// Vector (addElement, elementAt, insertElementAt, removeElementAt,
// setElementAt, indexOf, contains, removeAllElements, elements()) and
// LinkedList (addFirst/addLast, getFirst/getLast, removeFirst/removeLast,
// push/pop, poll, peek, iteration, get/set by index).

class VL {
    static void run() {
        Vector v = new Vector();
        for (int i = 0; i < 6; i++)
            v.addElement("e" + i);
        v.insertElementAt("ins", 2);
        v.removeElementAt(0);
        v.setElementAt("SET", 3);
        System.out.println(v.size() + " " + v.elementAt(0) + " " + v.elementAt(3) + " " + v.indexOf("e5") + " " + v.contains("e0") + " " + v);
        System.out.println(v.firstElement() + " " + v.lastElement() + " " + v.isEmpty());
        Enumeration en = v.elements();
        StringBuilder sb = new StringBuilder();
        while (en.hasMoreElements())
            sb.append(en.nextElement()).append('/');
        System.out.println(sb);
        v.removeAllElements();
        System.out.println(v.size() + " " + v.isEmpty());
        LinkedList l = new LinkedList();
        l.add("b");
        l.addFirst("a");
        l.addLast("c");
        l.push("z");
        System.out.println(l + " " + l.getFirst() + " " + l.getLast() + " " + l.size());
        System.out.println(l.pop() + " " + l.removeLast() + " " + l.removeFirst() + " " + l);
        for (int i = 0; i < 5; i++)
            l.offer(new Integer(i));
        System.out.println(l.peek() + " " + l.poll() + " " + l.get(2) + " " + l.set(2, "two") + " " + l);
        Iterator it = l.iterator();
        while (it.hasNext()) {
            Object o = it.next();
            if (o instanceof Integer && ((Integer) o).intValue() % 2 == 1)
                it.remove();
        }
        System.out.println(l + " " + l.indexOf("two") + " " + l.contains(new Integer(4)));
        LinkedList q = new LinkedList();
        for (int i = 0; i < 1000; i++)
            q.addLast(new Integer(i));
        long s = 0;
        while (!q.isEmpty())
            s += ((Integer) q.removeFirst()).intValue();
        System.out.println(s + " " + q.poll() + " " + q.peekLast());
    }
}

task startup(StartupObject s in initialstate) {
    VL.run();
    taskexit(s: initialstate := false);
}
