class Util {
    static void stop(int code) {
        if (code != 0)
            taskexit(); //~ ERROR E0401
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
