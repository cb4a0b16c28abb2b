class Shape {
    abstract double area(); //~ ERROR E0121
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
