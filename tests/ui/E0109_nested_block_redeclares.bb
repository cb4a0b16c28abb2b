task startup(StartupObject s in initialstate) {
    int total = 0;
    for (int i = 0; i < 3; i++) {
        int total = i; //~ ERROR E0109
        System.out.println(total);
    }
    taskexit(s: initialstate := false);
}
