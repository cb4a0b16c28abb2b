class Holder {
    Gadget inside; //~ ERROR E0100
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
