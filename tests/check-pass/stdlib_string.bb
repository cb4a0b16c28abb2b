// The String API: length, charAt, substring, indexOf, lastIndexOf,
// equals, compareTo, hashCode, startsWith, endsWith, trim, case
// conversion, split, toCharArray, concat, valueOf, new String(char[]).

task startup(StartupObject s in initialstate) {
    String t = "  Bamboo, a task language  ";
    String trimmed = t.trim();
    System.out.println("[" + trimmed + "] " + trimmed.length());
    System.out.println(trimmed.charAt(0) + " " + trimmed.substring(8) + " " + trimmed.substring(0, 6));
    System.out.println(trimmed.indexOf("task") + " " + trimmed.indexOf('a') + " " + trimmed.lastIndexOf('a')
        + " " + trimmed.indexOf("zzz") + " " + trimmed.lastIndexOf("a"));
    System.out.println(trimmed.toUpperCase() + " / " + trimmed.toLowerCase());
    System.out.println(trimmed.startsWith("Bam") + " " + trimmed.endsWith("age") + " " + trimmed.startsWith("x"));

    String a = "apple";
    String b = "app" + "le";
    String c = new String("apple".toCharArray());
    System.out.println(a.equals(b) + " " + a.equals(c) + " " + a.equals(null) + " " + a.equals("Apple"));
    System.out.println(a.compareTo("banana") < 0);
    System.out.println(a.compareTo("apple") + " " + "b".compareTo("a") + " " + "ab".compareTo("abc"));
    System.out.println(a.hashCode() + " " + "".hashCode());

    String[] parts = "one,two,,three,,".split(",");
    System.out.println(parts.length);
    for (int i = 0; i < parts.length; i++)
        System.out.println(i + ":" + parts[i]);

    char[] cs = "stressed".toCharArray();
    for (int i = 0, j = cs.length - 1; i < j; i++, j--) {
        char tmp = cs[i];
        cs[i] = cs[j];
        cs[j] = tmp;
    }
    System.out.println(new String(cs));
    System.out.println("con".concat("cat") + String.valueOf(12) + String.valueOf(3L) + String.valueOf(1.5f)
        + String.valueOf(false) + String.valueOf('!'));
    Object o = a;
    System.out.println(o.equals("apple") + " " + o.toString() + " " + a.toString());
    taskexit(s: initialstate := false);
}
