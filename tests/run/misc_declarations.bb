// Declarations: several variables per declaration with mixed array
// declarators (int a, b[], c[][]), initialisers referring to earlier
// variables, identifiers with $ and _ and digits, a local named like a
// contextual keyword of the task language (in, with, and, or, add, clear).

class Decls {
    int $dollar = 1, _under = 2, mixed$_9 = 3;

    static void run() {
        int a = 1, b[] = { a, a + 1 }, c[][] = { b, { 7 } };
        long x = 5, y = x * 2, z = y * 2;
        System.out.println(a + " " + b.length + " " + c[1][0] + " " + c[0][1] + " " + (x + y + z));
        int[] p, q;
        p = new int[2];
        q = p;
        q[1] = 9;
        System.out.println(p[1]);
        int in = 1, with = 2, and = 3, or = 4, add = 5, clear = 6;
        System.out.println(in + with + and + or + add + clear);
        ArrayList list = new ArrayList();
        list.add("added");
        list.clear();
        list.add("again");
        System.out.println(list);
        Decls d = new Decls();
        System.out.println(d.$dollar + d._under + d.mixed$_9);
        int café = 7;
        System.out.println(café);
        String s1, s2 = "two", s3;
        s1 = s3 = "one";
        System.out.println(s1 + s2 + s3);
    }
}

task startup(StartupObject s in initialstate) {
    Decls.run();
    taskexit(s: initialstate := false);
}
