class Util {
    static int f() {
        return 0;
    }

    static void g() {
        f() = 1; //~ ERROR E0208
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
