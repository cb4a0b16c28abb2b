// Files.bb — `Files`: reading whole input files (java.nio.file.Files' names,
// with a String path instead of a Path).
//
// Natives the C runtime must supply (see NATIVES.md):
//   Files.readString(String path)      the file decoded as UTF-8
//   Files.readAllBytes(String path)    the file's bytes
// readAllLines is written here in Bamboo over readString.
// A missing or unreadable file (or, for readString, bytes that are not valid
// UTF-8) is a run-time error naming the path.

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
