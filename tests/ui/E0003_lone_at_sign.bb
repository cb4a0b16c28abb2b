class Shape {
    int sides; @ //~ ERROR E0003
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
