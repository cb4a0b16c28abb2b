class Bird {
    void sing() {
    }
}

task startup(StartupObject s in initialstate) {
    Bird b = new Bird();
    b.fly(); //~ ERROR E0103
    taskexit(s: initialstate := false);
}
