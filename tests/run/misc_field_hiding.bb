// A field redeclared in a subclass hides the superclass field: access is
// resolved by the static type (unlike methods); super.f and a cast reach
// the hidden field; a method of the superclass sees its own field.

class P {
    int x = 1;
    String name = "P";

    int getX() {
        return x;
    }

    String who() {
        return name;
    }
}

class C extends P {
    int x = 2;
    String name = "C";

    int superX() {
        return super.x;
    }

    int getX() {
        return x * 10;
    }

    void bump() {
        x++;
        super.x += 100;
    }
}

class Hiding {
    static void run() {
        C c = new C();
        P p = c;
        System.out.println(c.x + " " + p.x + " " + ((P) c).x + " " + c.superX());
        System.out.println(c.getX() + " " + p.getX() + " " + c.who() + " " + p.name + " " + c.name);
        c.bump();
        System.out.println(c.x + " " + p.x + " " + c.superX());
    }
}

task startup(StartupObject s in initialstate) {
    Hiding.run();
    taskexit(s: initialstate := false);
}
