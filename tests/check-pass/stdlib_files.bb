// Input: Files.readString, readAllLines and readAllBytes on a path given
// on the command line; without arguments the program only says so.

class Stats {
    int lines;
    int words;
    int chars;

    void count(String text) {
        chars = text.length();
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n')
                lines++;
            boolean space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (!space && !inWord)
                words++;
            inWord = !space;
        }
    }
}

task startup(StartupObject s in initialstate) {
    if (s.args.length == 0) {
        System.out.println("usage: stdlib_files FILE");
    } else {
        String path = s.args[0];
        String text = Files.readString(path);
        Stats st = new Stats();
        st.count(text);
        System.out.println(st.lines + " " + st.words + " " + st.chars);
        String[] lines = Files.readAllLines(path);
        byte[] bytes = Files.readAllBytes(path);
        int nonAscii = 0;
        for (int i = 0; i < bytes.length; i++)
            if (bytes[i] < 0)
                nonAscii++;
        System.out.println(lines.length + " lines, " + bytes.length + " bytes, " + nonAscii + " non-ASCII");
    }
    taskexit(s: initialstate := false);
}
