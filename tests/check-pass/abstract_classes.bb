// Abstract classes and methods: an abstract base with a template method,
// an abstract subclass that implements only part of it, concrete leaves,
// and variables and arrays of the abstract type.

abstract class Expr {
    abstract int eval();

    abstract String show();

    String render() {
        return show() + " = " + eval();
    }
}

abstract class Binary extends Expr {
    protected Expr left;
    protected Expr right;

    Binary(Expr left, Expr right) {
        this.left = left;
        this.right = right;
    }

    abstract String op();

    String show() {
        return "(" + left.show() + " " + op() + " " + right.show() + ")";
    }
}

class Lit extends Expr {
    int value;

    Lit(int value) {
        this.value = value;
    }

    int eval() {
        return value;
    }

    String show() {
        return "" + value;
    }
}

class Add extends Binary {
    Add(Expr l, Expr r) {
        super(l, r);
    }

    int eval() {
        return left.eval() + right.eval();
    }

    String op() {
        return "+";
    }
}

class Mul extends Binary {
    Mul(Expr l, Expr r) {
        super(l, r);
    }

    public int eval() {
        return left.eval() * right.eval();
    }

    protected String op() {
        return "*";
    }
}

public abstract class Empty {
}

class Concrete extends Empty {
}

task startup(StartupObject s in initialstate) {
    Expr e = new Add(new Lit(2), new Mul(new Lit(3), new Lit(4)));
    System.out.println(e.render());
    Expr[] parts = new Expr[2];
    parts[0] = e;
    parts[1] = new Lit(-1);
    Binary b = (Binary) parts[0];
    System.out.println(b.op() + " " + parts[1].eval());
    Empty em = new Concrete();
    System.out.println(em instanceof Concrete);
    taskexit(s: initialstate := false);
}
