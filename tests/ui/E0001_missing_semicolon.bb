task startup(StartupObject s in initialstate) {
    int a = 1;
    int b = a + 1 System.out.println(b); //~ ERROR E0001
    taskexit(s: initialstate := false);
}
