class Node {
    void replace(Node other) {
        this = other; //~ ERROR E0208
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
