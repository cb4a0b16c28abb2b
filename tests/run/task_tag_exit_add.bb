// Tags bound at taskexit (`add t`) rather than at allocation, the paper's
// Drawing/Image example: startsave creates a tag, allocates the Image
// bound to it, and binds the Drawing to the same tag when it exits;
// finishsave requires the same tag instance on both. Several drawings are
// saved concurrently; each must meet its own image.

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

    String owner;
    int rawSize;
    int packedSize;

    Image(String owner, int rawSize) {
        this.owner = owner;
        this.rawSize = rawSize;
    }

    void compress() {
        packedSize = rawSize / 3 + 1;
    }
}

class Log {
    flag open;
    String[] lines = new String[6];
    int n;
    int bad;

    boolean add(Drawing d, Image img) {
        if (!d.title.equals(img.owner))
            bad++;
        lines[n++] = d.title + ": " + d.size + " -> " + img.packedSize;
        return n == lines.length;
    }
}

task startup(StartupObject s in initialstate) {
    String[] titles = { "sunset", "harbour", "forest", "city", "desert", "river" };
    for (int i = 0; i < titles.length; i++)
        new Drawing(titles[i], 100 * (i + 1) + i) { needsave := true };
    new Log() { open := true };
    taskexit(s: initialstate := false);
}

task startsave(Drawing d in needsave) {
    tag t = new tag(link);
    new Image(d.title, d.size) { uncompressed := true, add t };
    taskexit(d: needsave := false, saving := true, add t);
}

task compress(Image img in uncompressed) {
    img.compress();
    taskexit(img: uncompressed := false, compressed := true);
}

task finishsave(Log log in open, Drawing d in saving with link t, Image img in compressed with link t) {
    if (log.add(d, img)) {
        Arrays.sort(log.lines);
        for (int i = 0; i < log.n; i++)
            System.out.println(log.lines[i]);
        System.out.println("mismatches " + log.bad);
        taskexit(log: open := false; d: saving := false, saved := true, clear t; img: compressed := false, clear t);
    }
    taskexit(d: saving := false, saved := true, clear t; img: compressed := false, clear t);
}
