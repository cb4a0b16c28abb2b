class Point {
    int x;

    Piont(int x) { //~ ERROR E0130
        this.x = x;
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
