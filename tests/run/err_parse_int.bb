// Integer.parseInt of text that is not a number is a run-time error with
// Java's NumberFormatException message.

task startup(StartupObject s in initialstate) {
    System.out.println(Integer.parseInt("123") + 1);
    String bad = "12x";
    int v = Integer.parseInt(bad);
    System.out.println(v);
    taskexit(s: initialstate := false);
}
