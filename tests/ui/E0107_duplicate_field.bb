class Point {
    int x;
    int y;
    int x; //~ ERROR E0107
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
