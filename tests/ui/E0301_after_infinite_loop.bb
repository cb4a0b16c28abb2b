class Server {
    void serve() {
        int n = 0;
        while (true) {
            n++;
        }
        System.out.println(n); //~ ERROR E0301
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
