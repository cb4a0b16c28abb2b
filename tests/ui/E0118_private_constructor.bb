class Singleton {
    private Singleton() {
    }

    static Singleton create() {
        return new Singleton();
    }
}

task startup(StartupObject s in initialstate) {
    Singleton one = new Singleton(); //~ ERROR E0118
    taskexit(s: initialstate := false);
}
