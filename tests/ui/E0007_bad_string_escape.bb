task startup(StartupObject s in initialstate) {
    String text = "tab\qbad"; //~ ERROR E0007
    System.out.println(text);
    taskexit(s: initialstate := false);
}
