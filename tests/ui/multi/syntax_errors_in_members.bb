// Syntax errors in several members and statements: the parser recovers at
// member and statement boundaries and reports each one.

class Broken {
    int a = ; //~ ERROR E0001
    int ok;

    void first() {
        int x = (1 + ; //~ ERROR E0001
        ok = 1;
    }

    int fine() {
        return ok;
    }

    void second() {
        int y = 0;
        y = = 2; //~ ERROR E0001
        ok = y;
        ok = ok * ; //~ ERROR E0001
    }

    double also fine; //~ ERROR E0001

    int last() {
        return ok + 1;
    }
}

task startup(StartupObject s in initialstate) {
    Broken b = new Broken();
    int z = b.fine() +* 2; //~ ERROR E0001
    taskexit(s: initialstate := false);
}
