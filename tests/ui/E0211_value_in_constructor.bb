class Point {
    int x;

    Point(int x) {
        this.x = x;
        return x; //~ ERROR E0211
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
