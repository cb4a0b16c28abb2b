class Point {
    int x;
}

task startup(StartupObject s in initialstate) {
    String s = "text";
    Point p = (Point) s; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
