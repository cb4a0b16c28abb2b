// Definite assignment: locals assigned on every path through if/else,
// switch with default, &&/||, while(true) loops with break, and loops
// whose body always assigns before use.

class Flow {
    static int viaSwitch(int k) {
        int v;
        switch (k) {
            case 0:
                v = 100;
                break;
            case 1:
            case 2:
                v = 200;
                break;
            default:
                v = -1;
        }
        return v;
    }

    static int viaLoop(int[] a) {
        int found;
        int i = 0;
        while (true) {
            if (i >= a.length) {
                found = -1;
                break;
            }
            if (a[i] < 0) {
                found = i;
                break;
            }
            i++;
        }
        return found;
    }

    static String viaShortCircuit(int x) {
        int y;
        if (x > 0 && (y = x * 2) > 5)
            return "y = " + y;
        return "small";
    }

    static int viaDoWhile() {
        int n;
        do {
            n = 5;
        } while (n < 0);
        return n;
    }

    static int viaTernaryAndNested(boolean a, boolean b) {
        int r;
        if (a) {
            if (b)
                r = 1;
            else
                r = 2;
        } else {
            r = b ? 3 : 4;
        }
        return r;
    }
}

task startup(StartupObject s in initialstate) {
    int x;
    if (s.args.length > 100)
        x = 1;
    else
        x = 2;
    System.out.println("x = " + x);
    for (int k = 0; k < 4; k++)
        System.out.println(Flow.viaSwitch(k));
    System.out.println(Flow.viaLoop(new int[] { 3, 4, -5 }) + " " + Flow.viaLoop(new int[0]));
    System.out.println(Flow.viaShortCircuit(4) + " " + Flow.viaShortCircuit(1));
    System.out.println(Flow.viaDoWhile() + " " + Flow.viaTernaryAndNested(false, true));
    int later;
    later = x * 10;
    System.out.println(later);
    taskexit(s: initialstate := false);
}
