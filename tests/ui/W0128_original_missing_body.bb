// Under --dialect original a concrete class may declare a method without a
// body: calling it is a run-time error naming it.
class Shape {
    int sides;
    double area(); //~ WARNING W0128
}

task startup(StartupObject s in initialstate) {
    Shape sh = new Shape();
    System.out.println(sh.sides);
    taskexit(s: initialstate := false);
}
