task startup(StartupObject s in initialstate) {
    tag a = new tag(link);
    boolean none = a == null; //~ ERROR E0216
    taskexit(s: initialstate := false);
}
