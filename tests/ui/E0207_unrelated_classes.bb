class Animal {
}

class Cat extends Animal {
}

class Dog extends Animal {
}

task startup(StartupObject s in initialstate) {
    Cat c = new Cat();
    boolean b = c instanceof Dog; //~ ERROR E0207
    taskexit(s: initialstate := false);
}
