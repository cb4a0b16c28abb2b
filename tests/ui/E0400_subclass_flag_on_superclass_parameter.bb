class Shape {
    flag measure;
}

class Square extends Shape {
    flag checked;
}

task startup(StartupObject s in initialstate) {
    new Square() { measure := true };
    taskexit(s: initialstate := false);
}

task measure(Shape sh in measure) {
    taskexit(sh: measure := false, checked := true); //~ ERROR E0400
}
