// Corner cases of the Java subset: += on a null String, a local declared in
// one switch case and assigned in another, continue in do/while(false),
// implicit widening in returns, char shift counts, compound assignments
// with long and huge double right-hand sides, array covariance with
// instanceof and casts, empty statements, nested parenthesised lvalues.

class Animal {
}

class Dog extends Animal {
}

class Corners {
    static long widenLong() {
        return 1;
    }

    static double widenDouble() {
        return 'a';
    }

    static float widenFloat() {
        return 16777217;
    }

    static int sw(int k) {
        switch (k) {
            case 1:
                int x = 10;
                return x;
            case 2:
                x = 20;
                return x + 1;
            default:
                x = k;
                x *= 2;
                return x;
        }
    }

    static void run() {
        String s = null;
        s += "x";
        s += null;
        System.out.println(s);
        System.out.println(sw(1) + " " + sw(2) + " " + sw(7));
        int loops = 0;
        do {
            loops++;
            if (loops < 5)
                continue;
        } while (false);
        System.out.println("loops " + loops);
        System.out.println(widenLong() + " " + widenDouble() + " " + widenFloat());
        System.out.println((1 << 'a') + " " + (1L << 'A') + " " + ('a' >> 1));
        int i = 0;
        i += 5000000000L;
        System.out.println(i);
        char c = 'a';
        c *= 1.5;
        System.out.println(c + " " + (int) c);
        float f = 1;
        f += 1e40;
        System.out.println(f);
        int j = 10;
        j -= -Double.MAX_VALUE;
        System.out.println(j);
        long lo = 1;
        lo *= 1e30;
        System.out.println(lo);
        Animal[] as = new Dog[2];
        Object o = as;
        System.out.println((o instanceof Animal[]) + " " + (o instanceof Dog[]) + " " + (o instanceof Object[]));
        Dog[] ds = (Dog[]) as;
        ds[0] = new Dog();
        System.out.println(as[0] instanceof Dog);
        Animal[] plain = new Animal[1];
        System.out.println((plain instanceof Object) + " " + (((Object) plain) instanceof Dog[]));
        ;
        ;
        int[] arr = new int[3];
        (arr)[1] = 5;
        int k = 0;
        (k) = 3;
        (arr[(k) - 1]) += 2;
        System.out.println(arr[1] + " " + arr[2] + " " + k);
        int m = 7;
        m = -m;
        m = ~m;
        m = +m;
        System.out.println(m);
        boolean b = false;
        b = !b & true | false ^ b;
        System.out.println(b);
        double d = 10;
        d /= 4;
        d %= 1;
        System.out.println(d);
        int q = 17;
        q >>= 33;
        System.out.println(q);
        long w = -1;
        w >>>= 65;
        System.out.println(w);
        short sh = 10;
        sh = (short) (sh * sh * sh * sh * sh);
        System.out.println(sh);
    }
}

task startup(StartupObject s in initialstate) {
    Corners.run();
    taskexit(s: initialstate := false);
}
