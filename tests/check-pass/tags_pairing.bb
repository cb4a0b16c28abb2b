// Tags (paper, section 2.3): a startsave task creates a tag instance and
// binds both the Drawing and the new Image to it; finishsave requires the
// same tag instance on both parameters (`with link t` twice), so each
// drawing meets its own compressed image, and then clears the bindings.

class Drawing {
    flag needsave;
    flag saving;
    flag saved;

    String title;
    int size;

    Drawing(String title, int size) {
        this.title = title;
        this.size = size;
    }
}

class Image {
    flag uncompressed;
    flag compressed;

    int rawSize;
    int packedSize;

    Image(int rawSize) {
        this.rawSize = rawSize;
    }

    void compress() {
        packedSize = rawSize / 3 + 1;
    }
}

task startup(StartupObject s in initialstate) {
    new Drawing("sunset", 300) { needsave := true };
    new Drawing("harbour", 900) { needsave := true };
    taskexit(s: initialstate := false);
}

task startsave(Drawing d in needsave) {
    tag t = new tag(link);
    Image img = new Image(d.size) { uncompressed := true, add t };
    taskexit(d: needsave := false, saving := true, add t);
}

task compress(Image img in uncompressed) {
    img.compress();
    taskexit(img: uncompressed := false, compressed := true);
}

task finishsave(Drawing d in saving with link t, Image img in compressed with link t) {
    System.out.println(d.title + ": " + d.size + " -> " + img.packedSize);
    taskexit(d: saving := false, saved := true, clear t; img: compressed := false, clear t);
}
