// Single inheritance with virtual dispatch, overriding, super.m() calls,
// inherited fields, protected members, and an explicit `extends Object`.

class Shape extends Object {
    protected String label;

    Shape(String label) {
        this.label = label;
    }

    double area() {
        return 0.0;
    }

    String describe() {
        return label + " with area " + area();
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

    double area() {
        return w * h;
    }
}

class Square extends Rect {
    Square(double side) {
        super(side, side);
        label = "square";
    }

    String describe() {
        return "[" + super.describe() + "]";
    }
}

class Circle extends Shape {
    double r;

    Circle(double r) {
        super("circle");
        this.r = r;
    }

    public double area() {
        return Math.PI * r * r;
    }

    public String toString() {
        return "Circle(" + r + ")";
    }
}

task startup(StartupObject s in initialstate) {
    Shape[] shapes = new Shape[] { new Rect(2, 3), new Square(4), new Circle(1), new Shape("blob") };
    double total = 0;
    for (int i = 0; i < shapes.length; i++) {
        System.out.println(shapes[i].describe());
        total += shapes[i].area();
    }
    System.out.println("total > 25: " + (total > 25));
    Rect r = new Square(1.5);
    System.out.println(r.w + " " + r.label);
    Object o = shapes[2];
    System.out.println(o.toString());
    System.out.println(o.equals(shapes[2]) + " " + o.equals(shapes[1]));
    taskexit(s: initialstate := false);
}
