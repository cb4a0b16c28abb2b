class Point {
    final int x;

    Point(int x) {
        this.x = x;
    }

    void move(int dx) {
        x = x + dx; //~ ERROR E0125
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
