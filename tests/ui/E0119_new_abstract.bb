abstract class Shape {
    abstract double area();
}

task startup(StartupObject s in initialstate) {
    Shape sh = new Shape(); //~ ERROR E0119
    taskexit(s: initialstate := false);
}
