class Log {
    void note(String s) {
        System.out.println(s);
        return 1; //~ ERROR E0211
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
