class Geometry {
    static double area(double radius) {
        return 3.14 * radius * raduis; //~ ERROR E0101
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
