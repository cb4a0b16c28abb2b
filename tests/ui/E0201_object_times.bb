class Point {
    int x;
}

task startup(StartupObject s in initialstate) {
    Point p = new Point();
    int y = p * 2; //~ ERROR E0201
    taskexit(s: initialstate := false);
}
