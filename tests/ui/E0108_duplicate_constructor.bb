class Point {
    int x;

    Point(int x) {
        this.x = x;
    }

    Point(int y) { //~ ERROR E0108
        this.x = -y;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
