task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

class Open {
    int x;
    int y; //~ ERROR E0002