class Log {
    static void note(String s) {
        System.out.println(s);
    }
}

task startup(StartupObject s in initialstate) {
    int x = Log.note("hi"); //~ ERROR E0210
    taskexit(s: initialstate := false);
}
