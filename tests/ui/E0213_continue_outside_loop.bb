class Util {
    void run() {
        continue; //~ ERROR E0213
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
