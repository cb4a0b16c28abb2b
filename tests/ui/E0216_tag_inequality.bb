class Keeper {
    boolean differ(tag x, tag y) {
        return x != y; //~ ERROR E0216
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
