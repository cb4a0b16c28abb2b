class Point {
    int x;
    int y;
}

task startup(StartupObject s in initialstate) {
    Point p = new Point();
    p.x = 1;
    p.z = 2; //~ ERROR E0102
    taskexit(s: initialstate := false);
}
