// Storing an object of the wrong class into a covariant array is Java's
// ArrayStoreException, a run-time error.

class Animal {
}

class Dog extends Animal {
}

class Cat extends Animal {
}

task startup(StartupObject s in initialstate) {
    Animal[] pets = new Dog[2];
    pets[0] = new Dog();
    System.out.println("dog stored");
    pets[1] = new Cat();
    System.out.println("not reached");
    taskexit(s: initialstate := false);
}
