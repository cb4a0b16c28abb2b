// Flags are inherited: a subclass object has its superclass's flags, a
// task whose parameter has the superclass type also receives subclass
// objects, and a subclass adds flags of its own.

abstract class Shape {
    flag measure;
    flag measured;

    double area;

    abstract double computeArea();
}

class Square extends Shape {
    flag checkSide;

    double side;

    Square(double side) {
        this.side = side;
    }

    double computeArea() {
        return side * side;
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
}

class Tally {
    flag counting;
    int seen;
    int squaresChecked;
    double total;
}

task startup(StartupObject s in initialstate) {
    new Square(2) { measure := true, checkSide := true };
    new Disc(1) { measure := true };
    new Square(3) { measure := true };
    new Tally() { counting := true };
    taskexit(s: initialstate := false);
}

task measureShape(Shape sh in measure) {
    sh.area = sh.computeArea();
    taskexit(sh: measure := false, measured := true);
}

task checkSquare(Square sq in checkSide and measured) {
    if (sq.side <= 0)
        System.out.println("bad side");
    taskexit(sq: checkSide := false);
}

task addUp(Tally t in counting, Shape sh in measured) {
    t.seen++;
    t.total += sh.area;
    if (t.seen == 3) {
        System.out.println("total area " + t.total);
        taskexit(t: counting := false; sh: measured := false);
    }
    taskexit(sh: measured := false);
}
