// Labeled break and continue out of nested for, while and do/while loops,
// and from inside a switch.

class Labeled {
    static void run() {
        int found = -1;
        outer:
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                if (i * j == 42) {
                    found = i * 100 + j;
                    break outer;
                }
            }
        }
        System.out.println("found " + found);

        int count = 0;
        rows:
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                if (j > i)
                    continue rows;
                count++;
            }
        }
        System.out.println("triangle " + count);

        int n = 0;
        int steps = 0;
        loop:
        while (true) {
            n++;
            int k = 0;
            do {
                k++;
                steps++;
                if (n * k > 30)
                    break loop;
                if (k == n)
                    continue loop;
            } while (true);
        }
        System.out.println("n " + n + " steps " + steps);

        String out = "";
        scan:
        for (int i = 0; i < 6; i++) {
            switch (i) {
                case 1:
                    continue scan;
                case 4:
                    break scan;
                default:
                    out += i;
            }
            out += ".";
        }
        System.out.println("scan " + out);

        int total = 0;
        a:
        for (int i = 0; i < 3; i++) {
            b:
            for (int j = 0; j < 3; j++) {
                c:
                for (int k = 0; k < 3; k++) {
                    if (k == 1)
                        continue b;
                    if (j == 2)
                        continue a;
                    if (i == 2)
                        break a;
                    total += 1 + 10 * j + 100 * i;
                }
            }
        }
        System.out.println("total " + total);

        int x = 0;
        block:
        {
            x = 1;
            if (x == 1)
                break block;
            x = 2;
        }
        System.out.println("block " + x);
    }
}

task startup(StartupObject s in initialstate) {
    Labeled.run();
    taskexit(s: initialstate := false);
}
