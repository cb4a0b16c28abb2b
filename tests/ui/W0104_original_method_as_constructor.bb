// Under --dialect original a `void` method named like its class, in a class
// that declares no constructor, serves as a constructor.
class Point {
    int x;
    int y;
    void Point(int x, int y) { //~ WARNING W0104
        this.x = x;
        this.y = y;
    }
}

task startup(StartupObject s in initialstate) {
    Point p = new Point(1, 2);
    System.out.println(p.x + p.y);
    taskexit(s: initialstate := false);
}
