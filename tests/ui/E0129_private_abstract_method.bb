abstract class Shape {
    private abstract int sides(); //~ ERROR E0129
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
