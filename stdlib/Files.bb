// Files.bb — `Files`: reading whole input files (java.nio.file.Files' names,
// with a String path instead of a Path).
//
// Natives the C runtime must supply (see NATIVES.md):
//   Files.readString(String path)      the file decoded as UTF-8
//   Files.readAllBytes(String path)    the file's bytes
//   Files.readAllLines(String path)    the file's lines, decoded as readString
// A missing or unreadable file (or, for readString and readAllLines, bytes
// that are not valid UTF-8) is a run-time error naming the path.

public class Files {

    private Files() {
    }

    public static native String readString(String path);

    public static native byte[] readAllBytes(String path);

    /**
     * The file's lines without their terminators; a line ends at "\n", "\r"
     * or "\r\n", and a final line needs no terminator (Java's
     * BufferedReader.readLine rule, so "a\nb\n" gives {"a", "b"}).
     */
    public static native String[] readAllLines(String path);
}
