// while, do/while (runs at least once), classic for with several init and
// update expressions, loops with empty bodies, break and continue.

class Loops {
    static void run() {
        int i = 0;
        int sum = 0;
        while (i < 10) {
            sum += i;
            i++;
        }
        System.out.println("while " + sum + " " + i);

        int n = 100;
        do {
            n++;
        } while (n < 50);
        System.out.println("do-once " + n);

        int k = 1;
        do {
            k *= 3;
        } while (k < 1000);
        System.out.println("do " + k);

        StringBuilder sb = new StringBuilder();
        for (int a = 0, b = 10; a < b; a++, b--) {
            sb.append(a).append(':').append(b).append(' ');
        }
        System.out.println("for2 " + sb.toString());

        int j;
        for (j = 0; j < 1000; j += 7)
            ;
        System.out.println("empty-for " + j);

        int w = 1;
        while ((w <<= 1) < 1000)
            ;
        System.out.println("empty-while " + w);

        int evens = 0;
        for (int x = 0; ; x++) {
            if (x > 30)
                break;
            if (x % 2 != 0)
                continue;
            evens += x;
        }
        System.out.println("evens " + evens);

        int m = 0;
        while (true) {
            m++;
            if (m * m > 200)
                break;
        }
        System.out.println("while-true " + m);

        int c = 0;
        do {
            c++;
            if (c == 3)
                continue;   // continue in do/while jumps to the condition
            if (c > 5)
                break;
        } while (c < 10);
        System.out.println("do-continue " + c);

        long prod = 1;
        for (long q = 1; q <= 20; q++)
            prod *= q;
        System.out.println("20! " + prod);

        for (int y = 3; y > 0; y--) {
            for (int z = 0; z < y; z++)
                System.out.print("*");
            System.out.println();
        }
    }
}

task startup(StartupObject s in initialstate) {
    Loops.run();
    taskexit(s: initialstate := false);
}
