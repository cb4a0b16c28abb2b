// Reference casts (upcasts implicit, downcasts checked at run time),
// instanceof on class hierarchies, Object, arrays and null.

class Animal {
    String name;

    Animal(String name) {
        this.name = name;
    }

    String sound() {
        return "...";
    }
}

class Dog extends Animal {
    Dog(String name) {
        super(name);
    }

    String sound() {
        return "woof";
    }

    String fetch() {
        return name + " fetches";
    }
}

class Cat extends Animal {
    Cat(String name) {
        super(name);
    }

    String sound() {
        return "meow";
    }
}

class Puppy extends Dog {
    Puppy(String name) {
        super(name);
    }
}

task startup(StartupObject s in initialstate) {
    Animal[] zoo = { new Dog("rex"), new Cat("tom"), new Puppy("bit"), new Animal("x") };
    for (int i = 0; i < zoo.length; i++) {
        Animal a = zoo[i];
        String line = a.name + " says " + a.sound();
        if (a instanceof Dog) {
            Dog d = (Dog) a;
            line = line + "; " + d.fetch();
        }
        if (a instanceof Puppy)
            line = line + " (puppy)";
        if (!(a instanceof Cat) && a instanceof Animal)
            line = line + " [not a cat]";
        System.out.println(line);
    }

    Object o = zoo[1];
    Animal back = (Animal) o;
    Cat cat = (Cat) back;
    System.out.println(cat.sound() + " " + (o instanceof Cat) + " " + (o instanceof Dog));

    Object str = "text";
    if (str instanceof String) {
        String t = (String) str;
        System.out.println(t.length());
    }

    Animal none = null;
    System.out.println(none instanceof Animal);
    Dog nd = (Dog) none;
    System.out.println(nd == null);

    Object arr = new int[] { 1, 2 };
    System.out.println(arr instanceof int[]);
    int[] ia = (int[]) arr;
    System.out.println(ia[1]);
    Object[] objs = new Dog[2];
    System.out.println(objs instanceof Dog[]);
    Animal up = new Puppy("pip");
    Dog mid = (Dog) up;
    Object top = mid;
    System.out.println(((Animal) top).name + " " + (top == up));
    taskexit(s: initialstate := false);
}
