task startup(StartupObject s in initialstate) {
    int x = 1;
    int z = x + y; //~ ERROR E0101
    System.out.println(z);
    taskexit(s: initialstate := false);
}
