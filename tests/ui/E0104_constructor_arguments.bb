class Point {
    int x;
    int y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

task startup(StartupObject s in initialstate) {
    Point p = new Point(1); //~ ERROR E0104
    taskexit(s: initialstate := false);
}
