class Node {
    int value;
}

class Node { //~ ERROR E0106
    String label;
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
