class Shape {
    double area(); //~ ERROR E0128
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
