task startup(StartupObject s in initialstate) {
    Object o = new Integer(3);
    int i = (int) o; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
