task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

task idle() { //~ ERROR E0412
    taskexit();
}
