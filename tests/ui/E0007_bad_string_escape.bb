task startup(StartupObject s in initialstate) {
    String s = "tab\qbad"; //~ ERROR E0007
    System.out.println(s);
    taskexit(s: initialstate := false);
}
