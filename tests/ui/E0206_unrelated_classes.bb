class Point {
    int x;
}

task startup(StartupObject s in initialstate) {
    String str = "text";
    Point p = (Point) str; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
