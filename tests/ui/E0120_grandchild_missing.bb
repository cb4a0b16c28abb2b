abstract class Animal {
    abstract String sound();
}

abstract class Pet extends Animal {
    String name;
}

class Goldfish extends Pet { //~ ERROR E0120
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
