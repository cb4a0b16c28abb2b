class Settings {
    boolean flag; //~ ERROR E0001
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
