task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
    System.out.println("too late"); //~ ERROR E0301
}
