// String.charAt outside the string is a StringIndexOutOfBoundsException.

task startup(StartupObject s in initialstate) {
    String w = "abc";
    System.out.println(w.charAt(2));
    System.out.println(w.charAt(3));
    taskexit(s: initialstate := false);
}
