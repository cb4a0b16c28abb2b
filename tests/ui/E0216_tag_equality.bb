task startup(StartupObject s in initialstate) {
    tag a = new tag(link);
    tag b = new tag(link);
    if (a == b) { //~ ERROR E0216
        System.out.println("same");
    }
    taskexit(s: initialstate := false);
}
