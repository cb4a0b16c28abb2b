// Errors in declarations and control flow spread over several classes:
// every one is reported.

abstract class Shape {
    abstract double area();
}

class Registry {
    static int count = 0; //~ ERROR E0123
    String first;
    String first; //~ ERROR E0107
}

class Square extends Shape {
    double side;

    double area() {
        return side * side;
    }

    int sides() {
        if (side > 0)
            return 4;
    } //~ ERROR E0300

    void print() {
        return;
        System.out.println(side); //~ ERROR E0301
    }
}

class Square { //~ ERROR E0106
}

task startup(StartupObject s in initialstate) {
    Shape sh = new Shape(); //~ ERROR E0119
    Circle c = null; //~ ERROR E0100
    int n;
    int copy = n; //~ ERROR E0302
    taskexit(s: initialstate := false);
}
