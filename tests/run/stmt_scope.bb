// Locals shadowing fields, `this.x` disambiguation, loop variables reused
// in sibling scopes, parameters assigned.

class Scope {
    int x = 1;
    int y;

    Scope(int x) {
        this.y = x + this.x;
        x = 99;            // assigns the parameter only
        this.x += x;
    }

    int shadow() {
        int x = 40;
        return x + this.x;
    }

    static int reuse() {
        int t = 0;
        for (int i = 0; i < 3; i++)
            t += i;
        for (int i = 10; i < 12; i++)
            t += i;
        {
            int k = 5;
            t += k;
        }
        {
            int k = 7;
            t += k;
        }
        return t;
    }

    static int param(int n) {
        n = n * 2;
        n++;
        return n;
    }

    static void run() {
        Scope s = new Scope(5);
        System.out.println(s.x + " " + s.y + " " + s.shadow());
        System.out.println(reuse());
        int n = 4;
        System.out.println(param(n) + " " + n);
    }
}

task startup(StartupObject s in initialstate) {
    Scope.run();
    taskexit(s: initialstate := false);
}
