class Shape {
    flag measure;
}

class Square extends Shape {
    flag measure; //~ ERROR E0411
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
