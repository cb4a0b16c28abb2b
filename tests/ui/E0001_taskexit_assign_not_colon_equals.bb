task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate = false); //~ ERROR E0001
}
