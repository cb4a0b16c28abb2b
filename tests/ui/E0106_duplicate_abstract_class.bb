abstract class Shape {
    abstract double area();
}

class Shape { //~ ERROR E0106
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
