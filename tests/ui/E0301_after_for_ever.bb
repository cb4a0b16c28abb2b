class Server {
    void serve() {
        for (;;) {
        }
        System.out.println("stopped"); //~ ERROR E0301
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
