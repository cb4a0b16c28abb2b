class A extends B { //~ ERROR E0111
}

class B extends A {
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
