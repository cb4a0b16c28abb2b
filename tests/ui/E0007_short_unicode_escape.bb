task startup(StartupObject s in initialstate) {
    String text = "\u12"; //~ ERROR E0007
    System.out.println(text);
    taskexit(s: initialstate := false);
}
