abstract class Shape {
    abstract static double area(); //~ ERROR E0129
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
