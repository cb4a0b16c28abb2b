// A two-parameter task fires only once both parameters are reachable:
// `pair` needs a Left in `ready`, which `prepare` makes from `fresh`.
class Left {
    flag fresh;
    flag ready;
}

class Right {
    flag waiting;
}

task startup(StartupObject s in initialstate) {
    new Left() { fresh := true };
    new Right() { waiting := true };
    taskexit(s: initialstate := false);
}

task prepare(Left l in fresh) {
    taskexit(l: fresh := false, ready := true);
}

task pair(Left l in ready, Right r in waiting) {
    if (l.hashCode() == r.hashCode())
        taskexit(l: ready := false);
    taskexit(l: ready := false; r: waiting := false);
}
