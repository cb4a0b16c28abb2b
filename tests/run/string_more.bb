// String: startsWith/endsWith, trim, toLowerCase/toUpperCase, concat,
// String.valueOf for every type, new String(char[]), toCharArray, replace,
// contains, equalsIgnoreCase, compareToIgnoreCase, repeat, strip, isBlank.

class More {
    static void run() {
        String s = "Bamboo Task Language";
        System.out.println(s.startsWith("Bam") + " " + s.startsWith("bam") + " " + s.startsWith("") + " " + s.startsWith("Task", 7) + " " + s.startsWith("Task", -1));
        System.out.println(s.endsWith("age") + " " + s.endsWith("") + " " + s.endsWith("Language!") + " " + "".endsWith(""));
        System.out.println("[" + "  padded\t\n ".trim() + "] [" + "".trim() + "] [" + "   ".trim() + "] [" + "x".trim() + "] [" + "\u0001a\u0001".trim() + "]");
        System.out.println(s.toLowerCase() + " | " + s.toUpperCase() + " | " + "MiXeD 123 !?".toLowerCase());
        System.out.println("stra\u00dfe".toUpperCase() + " " + "\u00c9COLE".toLowerCase() + " " + "\u00e9cole".toUpperCase());
        System.out.println("con".concat("cat").concat("") + " " + "".concat("x"));
        char[] cs = { 'c', 'h', 'a', 'r', 's' };
        System.out.println(String.valueOf(true) + String.valueOf('c') + String.valueOf(12) + String.valueOf(-5L) + String.valueOf(1.5f) + String.valueOf(2.25) + String.valueOf(cs) + String.valueOf((Object) null));
        System.out.println(new String(cs) + " " + new String(cs, 1, 3) + " " + new String() + "|" + new String("copy"));
        char[] back = "reverse".toCharArray();
        for (int i = 0, j = back.length - 1; i < j; i++, j--) {
            char t = back[i];
            back[i] = back[j];
            back[j] = t;
        }
        System.out.println(new String(back) + " " + back.length);
        System.out.println("banana".replace('a', 'o') + " " + "banana".replace("an", "AN") + " " + "aaa".replace("aa", "b") + " " + "abc".replace("", "-"));
        System.out.println("banana".contains("nan") + " " + "banana".contains("nab") + " " + "banana".contains(""));
        System.out.println("Hello".equalsIgnoreCase("hELLO") + " " + "Hello".equalsIgnoreCase("Hell") + " " + "abc".compareToIgnoreCase("ABD") + " " + "B".compareToIgnoreCase("a"));
        System.out.println("ab".repeat(3) + "|" + "x".repeat(0) + "|");
        System.out.println("[" + "  both  ".strip() + "] " + "   ".isBlank() + " " + " a ".isBlank());
        String csv = String.valueOf(3) + "," + String.valueOf('x') + "," + String.valueOf(false);
        System.out.println(csv + " " + csv.length());
        String path = "/usr/local/lib/file.tar.gz";
        int slash = path.lastIndexOf('/');
        int dot = path.indexOf('.', slash);
        System.out.println(path.substring(slash + 1) + " " + path.substring(slash + 1, dot) + " " + path.substring(dot + 1));
        System.out.println("Title Case Words".toLowerCase().toUpperCase().substring(6).toLowerCase());
        System.out.println("a-b".regionMatches(0, "xa-", 1, 2) + " " + "ABC".regionMatches(true, 0, "abc", 0, 3));
    }
}

task startup(StartupObject s in initialstate) {
    More.run();
    taskexit(s: initialstate := false);
}
