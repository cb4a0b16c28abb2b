task startup(StartupObject s in initialstate) {
    char c = 'c';
    System.out.println(c.value); //~ ERROR E0214
    taskexit(s: initialstate := false);
}
