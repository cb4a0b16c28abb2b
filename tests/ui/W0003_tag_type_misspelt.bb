// The guard asks for a `lnk` tag; the program only creates `link` tags.
class Part {
    flag ready;
}

task startup(StartupObject s in initialstate) {
    tag t = new tag(link);
    new Part() { ready := true, add t };
    taskexit(s: initialstate := false);
}

task pair(Part p in ready with lnk t) { //~ WARNING W0003
    taskexit(p: ready := false);
}
