// String concatenation with every type: boolean, char, byte, short, int,
// long, float, double, null (String and Object), objects with and without
// toString, arrays of char (via String.valueOf), and associativity.

class Named {
    String name;

    Named(String name) {
        this.name = name;
    }

    public String toString() {
        return "Named(" + name + ")";
    }
}

class NullToString {
    public String toString() {
        return null;
    }
}

class Concat {
    static void run() {
        boolean bo = true;
        char ch = 'Q';
        byte by = -8;
        short sh = 1234;
        int in = -56789;
        long lo = 1234567890123L;
        float fl = 1.5f;
        double db = 0.1;
        String ns = null;
        Object no = null;
        System.out.println("bo=" + bo + " ch=" + ch + " by=" + by + " sh=" + sh + " in=" + in + " lo=" + lo + " fl=" + fl + " db=" + db);
        System.out.println("ns=" + ns + " no=" + no);
        System.out.println(ns + "!" + no);
        System.out.println(new Named("x") + " " + new Named(null));
        Named named = new Named("y");
        String s = "obj:" + named;
        System.out.println(s);
        System.out.println("nts=" + new NullToString());
        System.out.println(1 + 2 + "a" + 1 + 2);
        System.out.println('a' + 'b' + "c" + 'd' + 'e');
        System.out.println("" + 'a' + 'b');
        System.out.println(ch + 1 + "|" + (char) (ch + 1));
        System.out.println("f" + 1.0f + " d" + 1.0 + " e" + 1e10 + " s" + 1e-5 + " n" + (0.0 / 0.0) + " i" + (1 / 0.0) + " z" + (-0.0) + " h" + 100.0 + " m" + 1e7 + " t" + 1.4E-45f + " x" + 3.4028235E38f);
        System.out.println("max=" + Long.MAX_VALUE + " min=" + Integer.MIN_VALUE);
        String empty = "";
        System.out.println(empty + empty + "|" + empty.length());
        String built = "";
        for (int i = 0; i < 5; i++)
            built = built + i + ",";
        System.out.println(built);
        String t = "t";
        t += t += "u";
        System.out.println(t);
        char[] arr = { 'h', 'i' };
        System.out.println("arr=" + String.valueOf(arr) + " " + new String(arr));
        Object boxed = new Integer(42);
        System.out.println("boxed " + boxed + " " + new Double(2.5) + " " + new Long(-3) + " " + new Boolean(false) + " " + new Character('c'));
        String a = "con";
        String b = a.concat("cat");
        System.out.println(b + " " + "x".concat("") + " " + (b == "concat") + " " + b.equals("concat"));
        System.out.println(("a" + null).length());
        System.out.println(1 + 'a' + 1.5 + "end");
        System.out.println("end" + 1 + 'a' + 1.5);
        long l2 = 5;
        System.out.println("" + l2 * 2 + l2 / 2 + l2 % 2);
    }
}

task startup(StartupObject s in initialstate) {
    Concat.run();
    taskexit(s: initialstate := false);
}
