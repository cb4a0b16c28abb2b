// Data parallelism over rows: the startup task splits an image into row
// objects, each row is rendered by its own task invocation, and a canvas
// object collects the rows (merge pattern) and prints the picture.

class Row {
    flag render;
    flag rendered;

    int y;
    int width;
    int height;
    char[] pixels;

    Row(int y, int width, int height) {
        this.y = y;
        this.width = width;
        this.height = height;
        pixels = new char[width];
    }

    void render() {
        for (int x = 0; x < width; x++) {
            double cr = -2.0 + 2.6 * x / width;
            double ci = -1.2 + 2.4 * y / height;
            double zr = 0, zi = 0;
            int it = 0;
            while (it < 50 && zr * zr + zi * zi < 4.0) {
                double t = zr * zr - zi * zi + cr;
                zi = 2 * zr * zi + ci;
                zr = t;
                it++;
            }
            pixels[x] = it == 50 ? '#' : it > 8 ? '+' : '.';
        }
    }
}

class Canvas {
    flag collecting;
    flag complete;

    String[] lines;
    int filled;

    Canvas(int height) {
        lines = new String[height];
    }

    boolean put(Row r) {
        lines[r.y] = new String(r.pixels);
        filled++;
        return filled == lines.length;
    }
}

task startup(StartupObject s in initialstate) {
    int w = 40, h = 12;
    for (int y = 0; y < h; y++)
        new Row(y, w, h) { render := true };
    new Canvas(h) { collecting := true };
    taskexit(s: initialstate := false);
}

task renderRow(Row r in render) {
    r.render();
    taskexit(r: render := false, rendered := true);
}

task collectRow(Canvas c in collecting, Row r in rendered) {
    boolean full = c.put(r);
    if (full)
        taskexit(c: collecting := false, complete := true; r: rendered := false);
    taskexit(r: rendered := false);
}

task show(Canvas c in complete) {
    for (int i = 0; i < c.lines.length; i++)
        System.out.println(c.lines[i]);
    taskexit(c: complete := false);
}
