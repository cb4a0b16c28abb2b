// char is an unsigned 16-bit code unit: arithmetic promotes it to int,
// casts wrap, chars compare as numbers, and concatenation prints the
// character itself.

class Caesar {
    static String shift(String text, int k) {
        char[] out = new char[text.length()];
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 'a' && c <= 'z')
                out[i] = (char) ('a' + (c - 'a' + k) % 26);
            else if (c >= 'A' && c <= 'Z')
                out[i] = (char) ('A' + (c - 'A' + k) % 26);
            else
                out[i] = c;
        }
        return new String(out);
    }
}

task startup(StartupObject s in initialstate) {
    char a = 'a';
    int code = a + 1;
    char next = (char) code;
    System.out.println(code + " " + next);
    System.out.println('a' + 'b');
    System.out.println("" + 'a' + 'b');
    System.out.println('x' + "y");
    char max = '\uffff';
    int wide = max;
    System.out.println(wide);
    char wrapped = (char) 65601;
    System.out.println(wrapped);
    char neg = (char) -1;
    System.out.println((int) neg);
    char tab = '\t', quote = '\'', back = '\\', dq = '"', nul = '\0', oct = '\101';
    System.out.println((int) tab + " " + quote + back + dq + (int) nul + oct);
    System.out.println(Caesar.shift("Hello, World", 3));
    char c = 'z';
    c--;
    System.out.println(c);
    int digit = '7' - '0';
    System.out.println(digit * 6);
    String unicode = "caf\u00e9";
    System.out.println(unicode.length());
    boolean less = 'a' < 98;
    System.out.println(less);
    taskexit(s: initialstate := false);
}
