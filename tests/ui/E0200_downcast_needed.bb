class Point {
    int x;
}

task startup(StartupObject s in initialstate) {
    Object o = new Point();
    Point p = o; //~ ERROR E0200
    taskexit(s: initialstate := false);
}
