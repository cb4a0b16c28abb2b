class Pick {
    static String f(int a, long b) {
        return "int,long";
    }

    static String f(long a, int b) {
        return "long,int";
    }
}

task startup(StartupObject s in initialstate) {
    System.out.println(Pick.f(1, 2)); //~ ERROR E0105
    taskexit(s: initialstate := false);
}
