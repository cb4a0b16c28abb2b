// Abstract classes and abstract methods; a template method calling an
// abstract step; concrete subclasses at several depths; arrays of the
// abstract type; an abstract class with a constructor and fields.

abstract class Shape {
    String name;

    Shape(String name) {
        this.name = name;
    }

    abstract double area();

    abstract double perimeter();

    String report() {
        return name + " area=" + area() + " perimeter=" + perimeter();
    }
}

class Rect extends Shape {
    double w;
    double h;

    Rect(double w, double h) {
        super("rect");
        this.w = w;
        this.h = h;
    }

    Rect(String name, double w, double h) {
        super(name);
        this.w = w;
        this.h = h;
    }

    double area() {
        return w * h;
    }

    double perimeter() {
        return 2 * (w + h);
    }
}

class Square extends Rect {
    Square(double s) {
        super("square", s, s);
    }
}

abstract class Polygon extends Shape {
    int sides;

    Polygon(String name, int sides) {
        super(name);
        this.sides = sides;
    }

    double perimeter() {
        return sides * side();
    }

    abstract double side();
}

class Triangle extends Polygon {
    double s;

    Triangle(double s) {
        super("triangle", 3);
        this.s = s;
    }

    double side() {
        return s;
    }

    double area() {
        return Math.sqrt(3) / 4 * s * s;
    }
}

class Shapes {
    static void run() {
        Shape[] shapes = { new Rect(2, 3.5), new Square(1.5), new Triangle(2) };
        double total = 0;
        for (int i = 0; i < shapes.length; i++) {
            System.out.println(shapes[i].report());
            total += shapes[i].area();
        }
        System.out.println("total " + total);
        Polygon p = new Triangle(3);
        System.out.println(p.sides + " " + p.perimeter() + " " + (p instanceof Shape));
    }
}

task startup(StartupObject s in initialstate) {
    Shapes.run();
    taskexit(s: initialstate := false);
}
