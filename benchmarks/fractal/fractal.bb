// fractal.bb — the Fractal benchmark in Bamboo: the Mandelbrot set over
// a in [-2, 1), b in [-1.5, 1.5) on a WIDTH x HEIGHT grid, at most 255
// iterations per pixel, all arithmetic in float.
//
// Usage: fractal WIDTH HEIGHT [groups]     (groups: row groups, default 124)
//
// Structure (data parallelism as in the paper's section 2 example):
//   startup  deals the rows out to `groups` row groups, row y to group
//            y mod groups (rows near the set cost far more than rows
//            outside it, so interleaving balances the groups), one RowGroup
//            task object each (state `compute`), and allocates the Image
//            object that collects them; 124 groups are two per core on 62
//            cores, and on fewer cores the last groups are short, so the
//            cores finish close together;
//   render   computes one row group's pixels and their part of the inside
//            count and the checksum (compute -> submit);
//   merge    adds a submitted row group's counts into the Image; when every
//            group is in, prints the result and sets `finished`.
// The checksum is a sum of 64-bit integers, so the groups' partial sums
// added in any order give the value of one pass over the image; no task
// touches every pixel.
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
    int firstRow;   // rows firstRow, firstRow + stride, ... below height
    int stride;
    long inside;    // this group's pixels at 255 iterations
    long checksum;  // this group's part of the checksum

    RowGroup(int width, int height, int firstRow, int stride) {
        this.width = width;
        this.height = height;
        this.firstRow = firstRow;
        this.stride = stride;
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
        float dx = 3.0f / (float) width;
        float dy = 3.0f / (float) height;
        long in = 0;
        long sum = 0;
        for (int y = firstRow; y < height; y += stride) {
            float b = -1.5f + (float) y * dy;
            // The weight of pixel i is i % 1000 + 1; it steps by one along
            // the row and wraps from 1000 to 1.
            int weight = (int) (((long) y * width) % 1000) + 1;
            for (int x = 0; x < width; x++) {
                float a = -2.0f + (float) x * dx;
                int it = mandel(a, b);
                if (it == 255) {
                    in++;
                }
                sum += (long) it * weight;
                weight++;
                if (weight > 1000) {
                    weight = 1;
                }
            }
        }
        inside = in;
        checksum = sum;
    }
}

class Image {
    flag finished;

    int width;
    int height;
    int groups;     // how many RowGroup objects there are
    int merged;     // how many have been merged so far
    long inside;
    long checksum;

    Image(int width, int height, int groups) {
        this.width = width;
        this.height = height;
        this.groups = groups;
        this.merged = 0;
    }

    // Adds one row group's counts in; true when every group has been merged.
    boolean mergeGroup(RowGroup g) {
        inside += g.inside;
        checksum += g.checksum;
        merged++;
        return merged == groups;
    }

    void report() {
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
    int groups = 124;
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
        RowGroup rg = new RowGroup(width, height, g, groups) { compute := true };
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
