class Drawing {
    flag saving;
}

class Image {
    flag compressed;
}

task startup(StartupObject s in initialstate) {
    tag t = new tag(link);
    new Drawing() { saving := true, add t };
    new Image() { compressed := true, add t };
    taskexit(s: initialstate := false);
}

task finish(Drawing d in saving with link t, Image img in compressed with album t) { //~ ERROR E0410
    taskexit(d: saving := false; img: compressed := false);
}
