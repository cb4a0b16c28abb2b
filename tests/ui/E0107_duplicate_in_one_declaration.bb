class Pair {
    int first, second, first; //~ ERROR E0107
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
