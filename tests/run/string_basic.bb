// String: length, charAt, substring (1 and 2 args), indexOf and lastIndexOf
// (char and String, with and without a start index, out-of-range starts),
// equals, compareTo, hashCode, isEmpty.

class Strs {
    static void run() {
        String s = "hello, world; hello again";
        System.out.println(s.length() + " " + s.charAt(0) + s.charAt(7) + s.charAt(s.length() - 1));
        System.out.println("[" + s.substring(7) + "] [" + s.substring(0, 5) + "] [" + s.substring(5, 5) + "] [" + s.substring(s.length()) + "]");
        System.out.println(s.indexOf('o') + " " + s.indexOf('o', 5) + " " + s.indexOf('z') + " " + s.indexOf('h', -10) + " " + s.indexOf('h', 100));
        System.out.println(s.indexOf("hello") + " " + s.indexOf("hello", 1) + " " + s.indexOf("") + " " + s.indexOf("", 3) + " " + s.indexOf("", 99) + " " + s.indexOf("xyz"));
        System.out.println(s.lastIndexOf('o') + " " + s.lastIndexOf('o', 10) + " " + s.lastIndexOf('h', 0) + " " + s.lastIndexOf('l', -1) + " " + s.lastIndexOf('n', 1000));
        System.out.println(s.lastIndexOf("hello") + " " + s.lastIndexOf("hello", 13) + " " + s.lastIndexOf("") + " " + s.lastIndexOf("again", 5) + " " + s.lastIndexOf("", 3));
        System.out.println(s.indexOf(104) + " " + s.indexOf(';'));
        String a = "apple";
        String b = "apples";
        String c = "banana";
        String d = "Apple";
        System.out.println(a.compareTo(b) + " " + b.compareTo(a) + " " + a.compareTo(c) + " " + a.compareTo(d) + " " + a.compareTo("apple") + " " + "".compareTo(a));
        System.out.println(a.equals("apple") + " " + a.equals(d) + " " + a.equals(null) + " " + a.equals(new Integer(1)) + " " + "".equals(""));
        System.out.println("".hashCode() + " " + "a".hashCode() + " " + a.hashCode() + " " + s.hashCode() + " " + "polygenelubricants".hashCode());
        System.out.println("".isEmpty() + " " + a.isEmpty());
        String t = "\u00e9t\u00e9 \u4e2d\u6587";
        System.out.println(t.length() + " " + t.charAt(1) + " " + (int) t.charAt(4) + " " + t.hashCode() + " " + t.indexOf('\u6587'));
        String empty = "";
        System.out.println(empty.length() + " " + empty.indexOf('a') + " " + empty.lastIndexOf("") + " " + empty.substring(0, 0).length());
        String abc = "abcabcabc";
        int count = 0;
        int from = 0;
        while ((from = abc.indexOf("bc", from)) >= 0) {
            count++;
            from++;
        }
        System.out.println("occurrences " + count);
        System.out.println(abc.compareTo("abcabcabd") + " " + "b".compareTo("abc") + " " + "\u00ff".compareTo("a"));
        String chars = "";
        for (int i = 0; i < a.length(); i++)
            chars += a.charAt(a.length() - 1 - i);
        System.out.println(chars);
    }
}

task startup(StartupObject s in initialstate) {
    Strs.run();
    taskexit(s: initialstate := false);
}
