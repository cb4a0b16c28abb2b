task startup(StartupObject s in initialstate) {
    if (1) { //~ ERROR E0203
        System.out.println("one");
    }
    taskexit(s: initialstate := false);
}
