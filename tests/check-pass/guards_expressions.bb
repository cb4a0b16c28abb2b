// Guard expressions: and, or, !, parentheses, true and false, with `!`
// binding tightest, then `and`, then `or`.

class Cell {
    flag a;
    flag b;
    flag c;
    flag seen;
    flag counted;

    int id;

    Cell(int id) {
        this.id = id;
    }
}

class Log {
    flag active;
    int lines;
}

task startup(StartupObject s in initialstate) {
    new Cell(1) { a := true };
    new Cell(2) { a := true, b := true };
    new Cell(3) { b := true, c := true };
    new Cell(4) { c := true };
    new Cell(5) {};
    new Log() { active := true };
    taskexit(s: initialstate := false);
}

// without parentheses: ((!seen and !a and b) or (!seen and c))
task precedence(Cell x in !seen and !a and b or !seen and c) {
    System.out.println("precedence " + x.id);
    taskexit(x: seen := true);
}

task grouped(Cell x in (a or b) and !(c or seen)) {
    System.out.println("grouped " + x.id);
    taskexit(x: seen := true);
}

task nothing(Cell x in !a and !b and !c and !seen) {
    System.out.println("nothing " + x.id);
    taskexit(x: seen := true);
}

task constant(Log l in active and true, Cell x in seen and !counted and (true or false)) {
    l.lines++;
    if (l.lines == 5) {
        System.out.println("all " + l.lines + " cells seen");
        taskexit(l: active := false; x: counted := true);
    }
    taskexit(x: counted := true);
}
