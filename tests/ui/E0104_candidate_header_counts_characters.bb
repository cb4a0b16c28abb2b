// The candidate's header gives its own line, and a column counted in
// characters: the comment before it holds two-byte letters.
class Point {
    int x;
    int y;

    /* Größe */ Point(int x, int y) {
        this.x = x;
        this.y = y;
    }
}

task startup(StartupObject s in initialstate) {
    Point p = new Point(1); //~ ERROR E0104
    taskexit(s: initialstate := false);
}
