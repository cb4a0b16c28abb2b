class Point {
    int x;

    Point(int v, double v) { //~ ERROR E0113
        x = 0;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
