class Car extends Vehicle { //~ ERROR E0100
    int wheels;
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
