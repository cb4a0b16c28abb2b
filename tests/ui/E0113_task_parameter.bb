class Left {
    flag ready;
}

class Right {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    new Left() { ready := true };
    new Right() { ready := true };
    taskexit(s: initialstate := false);
}

task join(Left x in ready, Right x in ready) { //~ ERROR E0113
    taskexit();
}
