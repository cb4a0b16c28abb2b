task startup(StartupObject s in initialstate) {
    int i = 10;
    for (int i = 0; i < 3; i++) { //~ ERROR E0109
    }
    System.out.println(i);
    taskexit(s: initialstate := false);
}
