// Inheritance: virtual dispatch through base references and arrays,
// super.m() calls up a three-level chain, inherited fields and methods,
// overriding with a call to the overridden version, protected/private.

class Animal {
    protected String name;
    private int secret = 7;

    Animal(String name) {
        this.name = name;
    }

    String sound() {
        return "...";
    }

    String describe() {
        return name + " says " + sound();
    }

    int legs() {
        return 4;
    }

    int secret() {
        return secret;
    }
}

class Dog extends Animal {
    Dog(String name) {
        super(name);
    }

    String sound() {
        return "woof";
    }
}

class Puppy extends Dog {
    Puppy(String name) {
        super(name + " jr");
    }

    String sound() {
        return super.sound() + "ish";
    }

    String describe() {
        return "small " + super.describe();
    }
}

class Bird extends Animal {
    Bird() {
        super("bird");
    }

    int legs() {
        return super.legs() - 2;
    }

    String sound() {
        return "tweet";
    }
}

class Zoo {
    static int totalLegs(Animal[] as) {
        int t = 0;
        for (int i = 0; i < as.length; i++)
            t += as[i].legs();
        return t;
    }

    static void run() {
        Animal[] zoo = { new Animal("generic"), new Dog("rex"), new Puppy("rex"), new Bird() };
        for (int i = 0; i < zoo.length; i++)
            System.out.println(zoo[i].describe() + " (" + zoo[i].legs() + " legs)");
        System.out.println("total legs " + totalLegs(zoo));
        Dog d = new Puppy("fido");
        Animal a = d;
        System.out.println(a.sound() + " " + d.sound() + " " + a.name + " " + a.secret());
        Object o = a;
        System.out.println(o instanceof Animal);
        System.out.println(o instanceof Dog);
        System.out.println(o instanceof Puppy);
        System.out.println(o instanceof Bird);
        System.out.println(o.equals(a) + " " + o.equals(zoo[0]));
    }
}

task startup(StartupObject s in initialstate) {
    Zoo.run();
    taskexit(s: initialstate := false);
}
