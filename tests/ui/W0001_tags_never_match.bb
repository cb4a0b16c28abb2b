// Parts are bound to a `link` tag only after `bind`, which clears `fresh`;
// `join` asks for a fresh part with a tag, a state no part ever reaches.
class Part {
    flag fresh;
    flag bound;
}

task startup(StartupObject s in initialstate) {
    new Part() { fresh := true };
    taskexit(s: initialstate := false);
}

task bind(Part p in fresh) {
    tag t = new tag(link);
    taskexit(p: fresh := false, bound := true, add t);
}

task join(Part p in fresh with link t) { //~ WARNING W0001
    taskexit(p: fresh := false);
}

task done(Part p in bound with link t) {
    taskexit(p: bound := false, clear t);
}
