// fractal.bb — the Fractal benchmark in Bamboo: the Mandelbrot set over
// a in [-2, 1), b in [-1.5, 1.5) on a WIDTH x HEIGHT grid, at most 255
// iterations per pixel, all arithmetic in float.
//
// Usage: fractal WIDTH HEIGHT [groups]     (groups: row groups, default 62)
//
// Structure (data parallelism as in the paper's section 2 example):
//   startup  splits the rows into `groups` contiguous row groups, one
//            RowGroup task object each (state `compute`), and allocates the
//            Image object that assembles them;
//   render   computes one row group's pixels (compute -> submit);
//   merge    copies a submitted row group into the Image; when every group
//            is in, prints the result and sets `finished`.
//
// Output (identical, byte for byte, to fractal.c and Fractal.java):
//   Fractal: <WIDTH>x<HEIGHT>
//   inside = <number of pixels that reached 255 iterations>
//   checksum = <sum over pixels i = y*WIDTH + x of iter[i] * (i % 1000 + 1),
//               as a long>
// Pixel (x, y): a = -2 + x*(3/WIDTH), b = -1.5 + y*(3/HEIGHT) in float; z
// starts at 0 and z = z^2 + c is iterated while |z|^2 <= 4, at most 255
// times; the pixel is the iteration count.

class RowGroup {
    flag compute;   // waiting to be rendered
    flag submit;    // pixels ready to be merged

    int width;
    int height;
    int firstRow;   // rows firstRow .. lastRow-1
    int lastRow;
    int[] pixels;   // (lastRow - firstRow) * width iteration counts

    RowGroup(int width, int height, int firstRow, int lastRow) {
        this.width = width;
        this.height = height;
        this.firstRow = firstRow;
        this.lastRow = lastRow;
    }

    static int mandel(float a, float b) {
        float zr = 0.0f;
        float zi = 0.0f;
        int it = 0;
        while (it < 255) {
            float zr2 = zr * zr;
            float zi2 = zi * zi;
            if (zr2 + zi2 > 4.0f) {
                break;
            }
            zi = 2.0f * zr * zi + b;
            zr = zr2 - zi2 + a;
            it++;
        }
        return it;
    }

    void render() {
        pixels = new int[(lastRow - firstRow) * width];
        float dx = 3.0f / (float) width;
        float dy = 3.0f / (float) height;
        int k = 0;
        for (int y = firstRow; y < lastRow; y++) {
            float b = -1.5f + (float) y * dy;
            for (int x = 0; x < width; x++) {
                float a = -2.0f + (float) x * dx;
                pixels[k] = mandel(a, b);
                k++;
            }
        }
    }
}

class Image {
    flag finished;

    int width;
    int height;
    int groups;     // how many RowGroup objects there are
    int merged;     // how many have been merged so far
    int[] pixels;

    Image(int width, int height, int groups) {
        this.width = width;
        this.height = height;
        this.groups = groups;
        this.merged = 0;
        this.pixels = new int[width * height];
    }

    // Copies one row group in; true when every group has been merged.
    boolean mergeGroup(RowGroup g) {
        System.arraycopy(g.pixels, 0, pixels, g.firstRow * width, g.pixels.length);
        g.pixels = null;
        merged++;
        return merged == groups;
    }

    void report() {
        long inside = 0;
        long checksum = 0;
        int n = width * height;
        for (int i = 0; i < n; i++) {
            if (pixels[i] == 255) {
                inside++;
            }
            checksum += (long) pixels[i] * (i % 1000 + 1);
        }
        System.out.println("Fractal: " + width + "x" + height);
        System.out.println("inside = " + inside);
        System.out.println("checksum = " + checksum);
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length < 2) {
        System.out.println("usage: fractal WIDTH HEIGHT [groups]");
        taskexit(s: initialstate := false);
    }
    int width = Integer.parseInt(s.args[0]);
    int height = Integer.parseInt(s.args[1]);
    int groups = 62;
    if (s.args.length > 2) {
        groups = Integer.parseInt(s.args[2]);
    }
    if (width < 1 || height < 1) {
        System.out.println("WIDTH and HEIGHT must be positive");
        taskexit(s: initialstate := false);
    }
    if (groups < 1) {
        groups = 1;
    }
    if (groups > height) {
        groups = height;
    }
    for (int g = 0; g < groups; g++) {
        int first = (int) ((long) height * g / groups);
        int last = (int) ((long) height * (g + 1) / groups);
        RowGroup rg = new RowGroup(width, height, first, last) { compute := true };
    }
    Image im = new Image(width, height, groups) { finished := false };
    taskexit(s: initialstate := false);
}

task render(RowGroup g in compute) {
    g.render();
    taskexit(g: compute := false, submit := true);
}

task merge(Image im in !finished, RowGroup g in submit) {
    if (im.mergeGroup(g)) {
        im.report();
        taskexit(im: finished := true; g: submit := false);
    }
    taskexit(g: submit := false);
}
