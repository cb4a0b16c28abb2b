task startup(StartupObject s in initialstate) {
    int count = 1;
    int count = 2; //~ ERROR E0109
    System.out.println(count);
    taskexit(s: initialstate := false);
}
