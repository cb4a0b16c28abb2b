// Flags are inherited: a subclass object has its superclass's flags, set in
// its allocation block and by taskexit through a superclass-typed
// parameter; a task on the superclass type receives subclass objects
// (virtual calls dispatch to the subclass); a subclass adds its own flags
// that only subclass-typed tasks can see.

abstract class Shape {
    flag measure;
    flag measured;
    double area;

    abstract double computeArea();

    abstract String kind();
}

class Square extends Shape {
    flag checkSide;
    flag sideChecked;
    double side;

    Square(double side) {
        this.side = side;
    }

    double computeArea() {
        return side * side;
    }

    String kind() {
        return "square";
    }
}

class Disc extends Shape {
    double r;

    Disc(double r) {
        this.r = r;
    }

    double computeArea() {
        return 3.0 * r * r;
    }

    String kind() {
        return "disc";
    }
}

class BigSquare extends Square {
    flag big;

    BigSquare(double side) {
        super(side);
    }

    String kind() {
        return "bigsquare";
    }
}

class Tally {
    flag counting;
    int seen;
    int squaresChecked;
    int bigs;
    double total;
    String[] kinds = new String[4];

    boolean complete() {
        return seen == 4 && squaresChecked == 2 && bigs == 1;
    }

    void printAll() {
        Arrays.sort(kinds);
        System.out.println("total area " + total + " squares checked " + squaresChecked + " bigs " + bigs);
        for (int i = 0; i < kinds.length; i++)
            System.out.println(kinds[i]);
    }
}

task startup(StartupObject s in initialstate) {
    new Square(2) { measure := true, checkSide := true };
    new Disc(1) { measure := true };
    new BigSquare(10) { measure := true, checkSide := true, big := true };
    new Square(3) { measure := true };
    new Tally() { counting := true };
    taskexit(s: initialstate := false);
}

task measureShape(Shape sh in measure) {
    sh.area = sh.computeArea();
    taskexit(sh: measure := false, measured := true);
}

task checkSquare(Square sq in checkSide) {
    taskexit(sq: checkSide := false, sideChecked := true);
}

task addUp(Tally t in counting, Shape sh in measured) {
    t.kinds[t.seen] = sh.kind() + " " + sh.area;
    t.seen++;
    t.total += sh.area;
    if (t.complete()) {
        t.printAll();
        taskexit(t: counting := false; sh: measured := false);
    }
    taskexit(sh: measured := false);
}

task countChecked(Tally t in counting, Square sq in sideChecked) {
    t.squaresChecked++;
    if (t.complete()) {
        t.printAll();
        taskexit(t: counting := false; sq: sideChecked := false);
    }
    taskexit(sq: sideChecked := false);
}

task bigOnly(Tally t in counting, BigSquare b in big) {
    t.bigs++;
    if (t.complete()) {
        t.printAll();
        taskexit(t: counting := false; b: big := false);
    }
    taskexit(b: big := false);
}
