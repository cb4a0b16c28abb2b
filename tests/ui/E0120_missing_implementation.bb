abstract class Shape {
    abstract double area();

    abstract double perimeter();
}

class Square extends Shape { //~ ERROR E0120
    double side;

    double area() {
        return side * side;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
