class Point {
    int x;

    Point() {
        x = 0;
    }

    Point(int x) {
        this();
        this(); //~ ERROR E0126
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
