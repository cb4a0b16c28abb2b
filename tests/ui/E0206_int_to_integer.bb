task startup(StartupObject s in initialstate) {
    Integer boxed = (Integer) 5; //~ ERROR E0206
    taskexit(s: initialstate := false);
}
