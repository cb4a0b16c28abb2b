task startup(StartupObject s in initialstate) {
    String s = "\u12"; //~ ERROR E0007
    System.out.println(s);
    taskexit(s: initialstate := false);
}
