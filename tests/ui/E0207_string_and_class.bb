class Point {
    int x;
}

task startup(StartupObject s in initialstate) {
    String name = "rex";
    System.out.println(name instanceof Point); //~ ERROR E0207
    taskexit(s: initialstate := false);
}
