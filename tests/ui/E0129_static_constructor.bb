class Point {
    int x;

    static Point() { //~ ERROR E0129
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
