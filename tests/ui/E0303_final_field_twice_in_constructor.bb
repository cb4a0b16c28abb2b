class Point {
    final int x;

    Point(int v) {
        x = v;
        x = v + 1; //~ ERROR E0303
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
