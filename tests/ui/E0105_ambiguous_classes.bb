class Animal {
}

class Dog extends Animal {
}

class Pick {
    String meet(Animal a, Dog b) {
        return "a";
    }

    String meet(Dog a, Animal b) {
        return "b";
    }
}

task startup(StartupObject s in initialstate) {
    Pick p = new Pick();
    Dog d = new Dog();
    System.out.println(p.meet(d, d)); //~ ERROR E0105
    taskexit(s: initialstate := false);
}
