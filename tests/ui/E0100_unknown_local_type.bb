task startup(StartupObject s in initialstate) {
    Widget w = null; //~ ERROR E0100
    taskexit(s: initialstate := false);
}
