class Animal {
}

class Cat extends Animal {
}

class Dog extends Animal {
}

task startup(StartupObject s in initialstate) {
    Cat c = new Dog(); //~ ERROR E0200
    taskexit(s: initialstate := false);
}
