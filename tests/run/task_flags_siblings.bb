// Flag numbering across a class hierarchy: a base class with flags, two
// sibling subclasses each adding many flags of their own, a grandchild
// adding more (over 40 flags in the hierarchy). Tasks on one sibling's
// flags never see the other sibling's objects, superclass-typed tasks see
// both, and every flag keeps its own state through a chain of taskexits.

class Base {
    flag b0; flag b1; flag b2; flag b3; flag b4;
    int trail;
    String name;

    Base(String name) {
        this.name = name;
    }

    void step(int k) {
        trail = trail * 10 + k;
    }
}

class Left extends Base {
    flag l0; flag l1; flag l2; flag l3; flag l4; flag l5; flag l6; flag l7; flag l8; flag l9;
    flag l10; flag l11; flag l12; flag l13; flag l14;

    Left(String name) {
        super(name);
    }
}

class Right extends Base {
    flag r0; flag r1; flag r2; flag r3; flag r4; flag r5; flag r6; flag r7; flag r8; flag r9;

    Right(String name) {
        super(name);
    }
}

class FarLeft extends Left {
    flag f0; flag f1; flag f2; flag f3; flag f4; flag f5; flag f6; flag f7; flag f8; flag f9;
    flag f10; flag f11; flag f12; flag f13; flag f14; flag f15; flag f16; flag f17; flag f18; flag f19;

    FarLeft(String name) {
        super(name);
    }
}

class Board {
    flag open;
    String[] lines = new String[3];
    int n;

    void add(Base b) {
        lines[n++] = b.name + " " + b.trail;
        if (n == 3) {
            Arrays.sort(lines);
            for (int i = 0; i < 3; i++)
                System.out.println(lines[i]);
        }
    }
}

task startup(StartupObject s in initialstate) {
    new Left("left") { b0 := true, l14 := true };
    new Right("right") { b0 := true, r9 := true };
    new FarLeft("farleft") { b0 := true, l14 := true, l5 := true, f19 := true, f0 := true };
    new Board() { open := true };
    taskexit(s: initialstate := false);
}

task baseStep(Base x in b0) {
    x.step(1);
    taskexit(x: b0 := false, b1 := true);
}

task leftStep(Left x in b1 and l14) {
    x.step(2);
    taskexit(x: b1 := false, l14 := false, l13 := true, l0 := true);
}

task rightStep(Right x in b1 and r9) {
    x.step(3);
    taskexit(x: b1 := false, r9 := false, r0 := true, b4 := true);
}

task farStep(FarLeft x in f19 and f0 and l13 and l5) {
    x.step(4);
    taskexit(x: f19 := false, f0 := false, f10 := true);
}

task leftFinish(Left x in l0 and l13 and !l5) {
    // only a plain Left: the FarLeft carries l5 from its allocation
    x.step(5);
    taskexit(x: l0 := false, b4 := true);
}

task farFinish(FarLeft x in f10 and l0) {
    x.step(6);
    taskexit(x: f10 := false, l0 := false, b4 := true);
}

task post(Board bd in open, Base x in b4 and !b2) {
    bd.add(x);
    taskexit(x: b2 := true);
}
