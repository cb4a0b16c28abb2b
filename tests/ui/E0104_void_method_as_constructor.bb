// By default (Java's rules) a `void` method named like its class is only a
// method; `--dialect original` would take it as a constructor (W0104).
class Point {
    int x;
    void Point(int x) {
        this.x = x;
    }
}

task startup(StartupObject s in initialstate) {
    Point p = new Point(1); //~ ERROR E0104
    System.out.println(p.x);
    taskexit(s: initialstate := false);
}
