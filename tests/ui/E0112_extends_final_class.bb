final class Leaf {
    int v;
}

class Bud extends Leaf { //~ ERROR E0112
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
