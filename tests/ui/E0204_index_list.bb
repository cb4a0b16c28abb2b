task startup(StartupObject s in initialstate) {
    ArrayList list = new ArrayList();
    Object o = list[0]; //~ ERROR E0204
    taskexit(s: initialstate := false);
}
