class Part {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    tag t = new tag(group);
    new Part() { ready := true, add t };
    taskexit(s: initialstate := false);
}

task use(Part p in ready with group t) {
    int t = 3; //~ ERROR E0109
    taskexit(p: ready := false);
}
