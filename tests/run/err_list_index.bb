// ArrayList.get outside the list is Java's IndexOutOfBoundsException.

task startup(StartupObject s in initialstate) {
    ArrayList l = new ArrayList();
    l.add("only");
    System.out.println(l.get(0));
    System.out.println(l.get(1));
    taskexit(s: initialstate := false);
}
