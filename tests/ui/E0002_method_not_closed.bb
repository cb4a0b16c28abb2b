task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}

class Counter {
    int n;

    void inc() {
        n++; //~ ERROR E0002