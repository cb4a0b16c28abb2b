class Base {
}

class X extends Z { //~ ERROR E0111
}

class Y extends X {
}

class Z extends Y {
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
