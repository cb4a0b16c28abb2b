abstract class Shape {
    abstract double area() { //~ ERROR E0128
        return 0.0;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
