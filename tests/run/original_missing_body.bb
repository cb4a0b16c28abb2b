// Under --dialect original a method declared without a body in a concrete
// class builds; calling it is a run-time error that names it.
class Shape {
    flag drawn;
    int sides;
    double area(); //~ WARNING W0128
    void Shape(int sides) { this.sides = sides; } //~ WARNING W0104
}

task startup(StartupObject s in initialstate) {
    new Shape(4) { drawn := true };
    System.out.println("before");
    taskexit(s: initialstate := false);
}

task measure(Shape sh in drawn) {
    System.out.println("sides " + sh.sides);
    System.out.println(sh.area());
    taskexit(sh: drawn := false);
}
