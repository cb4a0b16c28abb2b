task startup(StartupObject s in initialstate) {
    String msg = "never closed //~ ERROR E0004
    ;
    System.out.println(msg);
    taskexit(s: initialstate := false);
}
