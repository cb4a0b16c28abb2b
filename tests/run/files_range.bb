// Files.size, Files.readBytes and Files.readInto on files under
// tests/run/data/: a file read in ranges of every width from 1 to 9 equals
// readAllBytes (readInto reusing one array, at an index inside it); ranges
// across the end are shorter, ranges at or past the end and of length 0 are
// empty (readInto reads nothing and leaves the array as it was).

class RangeTest {
    static boolean sameAsChunks(String path, int width) {
        byte[] all = Files.readAllBytes(path);
        long size = Files.size(path);
        int pos = 0;
        long off = 0;
        while (off < size) {
            byte[] part = Files.readBytes(path, off, width);
            if (part.length == 0 || part.length > width)
                return false;
            for (int i = 0; i < part.length; i++) {
                if (part[i] != all[pos])
                    return false;
                pos++;
            }
            off += part.length;
        }
        return pos == all.length;
    }

    static boolean sameAsReadInto(String path, int width) {
        byte[] all = Files.readAllBytes(path);
        byte[] buffer = new byte[width + 3];
        int pos = 0;
        long off = 0;
        while (true) {
            int n = Files.readInto(path, off, buffer, 2, width);
            if (n == 0)
                break;
            if (n > width || buffer[0] != 0 || buffer[1] != 0)
                return false;
            for (int i = 0; i < n; i++) {
                if (buffer[2 + i] != all[pos])
                    return false;
                pos++;
            }
            off += n;
        }
        return pos == all.length;
    }

    static void run(String[] args) {
        for (int a = 0; a < args.length; a++) {
            String path = args[a];
            long size = Files.size(path);
            boolean same = true;
            for (int w = 1; w <= 9; w++)
                same = same && sameAsChunks(path, w);
            System.out.println(path + ": size " + size + ", chunks equal " + same);
            boolean sameInto = true;
            for (int w = 1; w <= 9; w++)
                sameInto = sameInto && sameAsReadInto(path, w);
            byte[] untouched = new byte[4];
            untouched[1] = 7;
            int past = Files.readInto(path, size, untouched, 1, 3);
            System.out.println("  readInto equal " + sameInto + ", past end " + past + " (left " + untouched[1] + ")");
            System.out.println("  past end " + Files.readBytes(path, size, 5).length
                + ", far past end " + Files.readBytes(path, size + 1000000000000L, 5).length
                + ", length 0 " + Files.readBytes(path, 0, 0).length);
            if (size >= 3) {
                byte[] tail = Files.readBytes(path, size - 3, 100);
                System.out.println("  tail " + tail.length + ": " + tail[0] + " " + tail[1] + " " + tail[2]);
            }
        }
    }
}

task startup(StartupObject s in initialstate) {
    RangeTest.run(s.args);
    taskexit(s: initialstate := false);
}
