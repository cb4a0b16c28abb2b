task startup(StartupObject s in initialstate) {
    int z = 3; \ //~ ERROR E0003
    System.out.println(z);
    taskexit(s: initialstate := false);
}
