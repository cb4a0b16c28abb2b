// Overriding Object's equals, hashCode and toString, and relying on them
// in HashMap/HashSet lookups, string concatenation and println.

class Point {
    int x;
    int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    public boolean equals(Object o) {
        if (!(o instanceof Point))
            return false;
        Point p = (Point) o;
        return p.x == x && p.y == y;
    }

    public int hashCode() {
        return 31 * x + y;
    }

    public String toString() {
        return "(" + x + ", " + y + ")";
    }
}

class Plain {
}

task startup(StartupObject s in initialstate) {
    Point a = new Point(1, 2);
    Point b = new Point(1, 2);
    Point c = new Point(2, 1);
    System.out.println(a.equals(b) + " " + (a == b) + " " + a.equals(c) + " " + a.equals("(1, 2)"));
    System.out.println(a.hashCode() == b.hashCode());
    System.out.println(a);
    System.out.println("point " + c);
    HashMap names = new HashMap();
    names.put(a, "first");
    System.out.println(names.get(b) + " " + names.containsKey(c));
    HashSet set = new HashSet();
    set.add(a);
    set.add(b);
    set.add(c);
    System.out.println(set.size());
    Plain p = new Plain();
    Object o = p;
    System.out.println(p.equals(o) + " " + p.equals(new Plain()) + " " + (p.hashCode() == o.hashCode()));
    String str = a.toString();
    System.out.println(str.length());
    taskexit(s: initialstate := false);
}
