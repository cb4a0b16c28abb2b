task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 3; i++) {
        break;
        System.out.println(i); //~ ERROR E0301
    }
    taskexit(s: initialstate := false);
}
