class Counter {
    static int counter = 0; //~ ERROR E0123
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
