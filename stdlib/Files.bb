// Files.bb — `Files`: reading input files whole or by byte range
// (java.nio.file.Files' names, with a String path instead of a Path).
//
// Natives the C runtime must supply (see NATIVES.md):
//   Files.readString(String path)      the file decoded as UTF-8
//   Files.readAllBytes(String path)    the file's bytes
//   Files.size(String path)            the file's size in bytes
//   Files.readBytes(String path, long offset, int length)
//                                      the bytes at [offset, offset + length)
//   Files.readInto(String path, long offset, byte[] into, int from, int length)
//                                      those bytes into into[from ..), a count
// readAllLines is written here in Bamboo over readString.
// A missing or unreadable file (or, for readString, bytes that are not valid
// UTF-8) is a run-time error naming the path.

public class Files {

    private Files() {
    }

    public static native String readString(String path);

    public static native byte[] readAllBytes(String path);

    /** The file's size in bytes. */
    public static native long size(String path);

    /**
     * The bytes of the file from offset on, length of them or fewer: the
     * array is shorter where the file ends first (empty if offset is at or
     * past the end). A negative offset or length is an
     * IllegalArgumentException naming the path. Tasks may read disjoint
     * ranges of one file in parallel.
     */
    public static native byte[] readBytes(String path, long offset, int length);

    /**
     * Reads the bytes of the file from offset on, length of them or fewer,
     * into into[from .. from + length) and returns how many it read: fewer
     * only where the file ends first (0 if offset is at or past the end);
     * the rest of the range is left as it was. So a program reading a file
     * piece by piece can reuse one array. A negative offset or length is an
     * IllegalArgumentException naming the path, a range outside `into` an
     * ArrayIndexOutOfBoundsException.
     */
    public static native int readInto(String path, long offset, byte[] into, int from, int length);

    /**
     * The file's lines without their terminators; a line ends at "\n", "\r"
     * or "\r\n", and a final line needs no terminator (Java's
     * BufferedReader.readLine rule, so "a\nb\n" gives {"a", "b"}).
     */
    public static String[] readAllLines(String path) {
        String s = readString(path);
        int n = s.length();
        ArrayList lines = new ArrayList();
        int start = 0;
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(s.substring(start, i));
                if (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n') {
                    i++;
                }
                i++;
                start = i;
            } else {
                i++;
            }
        }
        if (start < n) {
            lines.add(s.substring(start, n));
        }
        String[] result = new String[lines.size()];
        for (int k = 0; k < result.length; k++) {
            result[k] = (String) lines.get(k);
        }
        return result;
    }
}
