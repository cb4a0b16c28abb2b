// A failed reference cast is a run-time error naming both classes.

class Animal {
}

class Cat extends Animal {
}

class Dog extends Animal {
}

task startup(StartupObject s in initialstate) {
    Animal a = new Cat();
    Cat c = (Cat) a;
    System.out.println("cat ok");
    Animal b = new Dog();
    Cat d = (Cat) b;
    System.out.println("not reached");
    taskexit(s: initialstate := false);
}
