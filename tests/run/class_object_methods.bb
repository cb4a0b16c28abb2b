// Overriding equals, hashCode and toString; toString used by string
// concatenation, println(Object) and StringBuilder.append(Object);
// equals used by ArrayList.contains/indexOf and HashMap keys.

class Pt {
    int x;
    int y;

    Pt(int x, int y) {
        this.x = x;
        this.y = y;
    }

    public boolean equals(Object o) {
        if (!(o instanceof Pt))
            return false;
        Pt p = (Pt) o;
        return p.x == x && p.y == y;
    }

    public int hashCode() {
        return 31 * x + y;
    }

    public String toString() {
        return "Pt[" + x + "," + y + "]";
    }
}

class ObjMethods {
    static void run() {
        Pt a = new Pt(1, 2);
        Pt b = new Pt(1, 2);
        Pt c = new Pt(2, 1);
        System.out.println(a.equals(b) + " " + (a == b) + " " + a.equals(c) + " " + a.equals(null) + " " + a.equals("Pt[1,2]"));
        System.out.println(a.hashCode() + " " + c.hashCode());
        System.out.println(a);
        System.out.println("a=" + a + " c=" + c.toString());
        StringBuilder sb = new StringBuilder();
        sb.append(a).append(' ').append(c);
        System.out.println(sb);
        Object o = a;
        System.out.println(o.toString() + " " + o.equals(b) + " " + o.hashCode());
        ArrayList list = new ArrayList();
        list.add(a);
        list.add(c);
        System.out.println(list.contains(new Pt(2, 1)) + " " + list.indexOf(new Pt(2, 1)) + " " + list.contains(new Pt(3, 3)));
        HashMap map = new HashMap();
        map.put(a, "first");
        map.put(b, "second");   // equal key: replaces
        map.put(c, "third");
        System.out.println(map.size() + " " + map.get(new Pt(1, 2)) + " " + map.get(new Pt(2, 1)) + " " + map.get(new Pt(0, 0)));
        System.out.println(list);
        Object plain = new Object();
        System.out.println(plain.equals(plain) + " " + plain.equals(new Object()) + " " + (plain.hashCode() == plain.hashCode()));
        String str = "text";
        Object os = str;
        System.out.println(os.toString() + " " + os.hashCode() + " " + os.equals("text"));
    }
}

task startup(StartupObject s in initialstate) {
    ObjMethods.run();
    taskexit(s: initialstate := false);
}
