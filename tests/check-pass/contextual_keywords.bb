// `in`, `with`, `and`, `or`, `add` and `clear` are keywords only inside
// task parameter lists, guards and flag-action lists: elsewhere they are
// ordinary identifiers for variables, fields, methods and parameters,
// also inside task bodies.

class Bag {
    int in;
    int with;
    ArrayList items = new ArrayList();

    void add(Object x) {
        items.add(x);
        in++;
    }

    void clear() {
        items.clear();
        in = 0;
    }

    boolean and(boolean or, boolean with) {
        return or && with;
    }
}

class Box {
    flag full;
    flag emptied;

    int and;

    Box(int and) {
        this.and = and;
    }
}

task startup(StartupObject s in initialstate) {
    Bag bag = new Bag();
    int add = 2;
    int clear = 3;
    int or = add | clear;
    int and = add & clear;
    bag.add(new Integer(or));
    bag.add(new Integer(and));
    bag.with = bag.in;
    System.out.println(bag.in + " " + bag.with + " " + bag.and(true, or > and));
    bag.clear();
    System.out.println(bag.items.size());
    new Box(7) { full := true };
    taskexit(s: initialstate := false);
}

task open(Box b in full and !emptied) {
    int in = b.and;
    System.out.println("box " + in);
    taskexit(b: full := false, emptied := true);
}
