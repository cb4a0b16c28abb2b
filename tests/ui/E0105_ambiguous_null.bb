class Point {
    int x;
}

class Show {
    static String show(String s) {
        return "string";
    }

    static String show(Point p) {
        return "point";
    }
}

task startup(StartupObject s in initialstate) {
    System.out.println(Show.show(null)); //~ ERROR E0105
    taskexit(s: initialstate := false);
}
