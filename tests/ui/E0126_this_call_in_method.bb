class Point {
    int x;

    Point() {
        x = 0;
    }

    void reset() {
        this(); //~ ERROR E0126
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
