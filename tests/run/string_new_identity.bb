// `new String(...)` always makes a new object (JLS 15.9.4): it is never ==
// to its argument or to a literal, though it equals() them.

task startup(StartupObject s in initialstate) {
    String a = "abc";
    String b = new String(a);
    String c = new String("abc");
    String d = new String(b);
    System.out.println(a == b);
    System.out.println(a == c);
    System.out.println(b == d);
    System.out.println(a.equals(b) + " " + c.equals(d));
    String e = new String("");
    System.out.println(e == "");
    taskexit(s: initialstate := false);
}
