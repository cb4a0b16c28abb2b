task startup(StartupObject s in initialstate) {
    Object o = new Vehicle(); //~ ERROR E0100
    System.out.println(o == null);
    taskexit(s: initialstate := false);
}
