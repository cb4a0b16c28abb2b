class Shape {
    @ //~ ERROR E0003
    int sides;
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
