class Spin {
    int spin() {
        while (true) {
            break;
        }
    } //~ ERROR E0300
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
