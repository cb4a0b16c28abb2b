task startup(StartupObject s in initialstate) {
    System.out.println(s.arguments.length); //~ ERROR E0102
    taskexit(s: initialstate := false);
}
