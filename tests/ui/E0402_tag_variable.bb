class Part {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    tag t = new tag(group);
    new Part() { ready := true, add t };
    taskexit(s: initialstate := false);
}

task use(Part p in ready with group t) {
    taskexit(t: ready := false); //~ ERROR E0402
}
