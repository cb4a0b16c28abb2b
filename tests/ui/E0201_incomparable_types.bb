class Point {
    int x;
}

task startup(StartupObject s in initialstate) {
    Point p = new Point();
    String t = "p";
    System.out.println(p == t); //~ ERROR E0201
    taskexit(s: initialstate := false);
}
