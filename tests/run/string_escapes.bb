// Character and string literal escapes: \t \n \r \b \f \" \' \\, octal
// escapes, unicode escapes, non-ASCII text
// printed as UTF-8, and surrogate pairs counted as two chars.

class Esc {
    static void run() {
        String s = "tab\there \"quoted\" 'single' back\\slash";
        System.out.println(s);
        System.out.println(s.length());
        char[] cs = { '\t', '\n', '\r', '\b', '\f', '\'', '"', '\\', '\0', '\7', '\77', '\377', '\u0041', '\u00e9' };
        for (int i = 0; i < cs.length; i++)
            System.out.print((int) cs[i] + " ");
        System.out.println();
        System.out.println("\101\102\103 \60\61 \u0048\u0069 \u00fcber \u20ac \u4e16\u754c");
        String pair = "\ud83d\ude00";
        System.out.println(pair.length() + " " + (int) pair.charAt(0) + " " + (int) pair.charAt(1));
        System.out.println("smile " + pair + "!");
        System.out.println("line1\nline2");
        String multi = "a\u0062c";
        System.out.println(multi + " " + multi.equals("abc"));
        System.out.println('\u0022' + "x" + '\u0041');
        char uni = '\u03a9';
        System.out.println(uni + " " + (int) uni + " " + Character.toLowerCase(uni));
        System.out.println("caf\u00e9".length() + " " + "caf\u00e9".toUpperCase());
    }
}

task startup(StartupObject s in initialstate) {
    Esc.run();
    taskexit(s: initialstate := false);
}
