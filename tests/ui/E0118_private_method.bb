class Engine {
    private void ignite() {
    }
}

class Car {
    Engine engine = new Engine();

    void start() {
        engine.ignite(); //~ ERROR E0118
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
