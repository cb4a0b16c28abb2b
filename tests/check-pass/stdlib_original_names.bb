// The original distribution's library names: Vector, Hashtable,
// LinkedList, StringBuffer, the wrappers intwrapper/floatwrapper/
// doublewrapper, System.printString/printInt/printI/printDouble and the
// static System.print/println, System.gc and the float Math functions.

class Node {
    int id;

    Node(int id) {
        this.id = id;
    }
}

task startup(StartupObject s in initialstate) {
    Vector v = new Vector();
    for (int i = 0; i < 4; i++)
        v.addElement(new Node(i));
    v.insertElementAt(new Node(9), 1);
    v.removeElementAt(0);
    v.setElementAt(new Node(7), 2);
    int ids = 0;
    for (int i = 0; i < v.size(); i++)
        ids = ids * 10 + ((Node) v.elementAt(i)).id;
    System.printString("vector ids " + ids + "\n");
    Object first = v.elementAt(0);
    System.printI(v.indexOf(first));
    System.println(v.contains(first));
    v.removeAllElements();
    System.println(v.isEmpty());

    Hashtable table = new Hashtable();
    table.put("x", new Node(1));
    table.put("y", new Node(2));
    Node y = (Node) table.get("y");
    System.printInt(y.id + table.size());
    System.printString("\n");
    System.println(table.containsKey("x"));
    table.remove("x");
    System.println(table.containsKey("x"));

    LinkedList queue = new LinkedList();
    queue.add(new Node(1));
    queue.addLast(new Node(2));
    queue.addFirst(new Node(0));
    StringBuffer order = new StringBuffer();
    while (!queue.isEmpty()) {
        Node n = (Node) queue.removeFirst();
        order.append(n.id);
    }
    System.println(order.toString());

    intwrapper iw = new intwrapper();
    iw.value = 41;
    iw.value++;
    floatwrapper fw = new floatwrapper();
    fw.value = 1.5f;
    doublewrapper dw = new doublewrapper();
    dw.value = fw.value * 2;
    System.printI(iw.value);
    System.printDouble(dw.value);
    System.print("\n");
    float root = Math.sqrtf(16.0f);
    float p = Math.powf(2.0f, 3.0f);
    float c = Math.ceilf(1.2f);
    System.println(root + p + c);
    System.gc();
    taskexit(s: initialstate := false);
}
