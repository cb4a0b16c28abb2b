// switch on int and char: fall-through, default first/middle/last, cases
// sharing a body, static final constants as labels, negative labels, nested
// switches, break inside a switch inside a loop, continue from a switch.

class Switches {
    static final int ONE = 1;
    static final int TWO = ONE + 1;
    static final char STAR = '*';

    static String name(int n) {
        String r = "";
        switch (n) {
            case ONE:
                r += "one ";
            case TWO:
                r += "two ";
                break;
            case 3:
            case 4:
                r += "three-or-four ";
            default:
                r += "default ";
            case -5:
                r += "minus-five ";
                break;
            case 100:
                return "hundred";
        }
        return r;
    }

    static int defaultFirst(int n) {
        int r = 0;
        switch (n) {
            default:
                r += 1000;
            case 1:
                r += 1;
                break;
            case 2:
                r += 2;
        }
        return r;
    }

    static String op(char c, int a, int b) {
        switch (c) {
            case '+': return "" + (a + b);
            case '-': return "" + (a - b);
            case STAR: return "" + (a * b);
            case '/':
                switch (b) {
                    case 0:
                        return "div0";
                    default:
                        return "" + (a / b);
                }
            default:
                return "?";
        }
    }

    static void run() {
        int[] tests = { 1, 2, 3, 4, 5, -5, 100, 0 };
        for (int i = 0; i < tests.length; i++)
            System.out.println(tests[i] + ": " + name(tests[i]));
        System.out.println(defaultFirst(1) + " " + defaultFirst(2) + " " + defaultFirst(7));
        char[] ops = { '+', '-', '*', '/', '%' };
        for (int i = 0; i < ops.length; i++)
            System.out.println(ops[i] + " " + op(ops[i], 17, 5) + " " + op(ops[i], 17, 0));
        int odd = 0;
        int stopped = -1;
        for (int i = 0; i < 20; i++) {
            switch (i % 4) {
                case 0:
                    continue;
                case 3:
                    odd += 100;
                    break;
                default:
                    odd++;
            }
            if (i == 13) {
                stopped = i;
                break;
            }
        }
        System.out.println("odd " + odd + " stopped " + stopped);
        int empty = 7;
        switch (empty) {
        }
        switch (empty) {
            default:
        }
        byte by = 3;
        short sh = 200;
        switch (by) {
            case 3: System.out.println("byte 3"); break;
            default: System.out.println("byte other");
        }
        switch (sh) {
            case 200: System.out.println("short 200"); break;
            default: System.out.println("short other");
        }
        char c = 'x';
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u':
                System.out.println("vowel");
                break;
            default:
                System.out.println("consonant " + c);
        }
    }
}

task startup(StartupObject s in initialstate) {
    Switches.run();
    taskexit(s: initialstate := false);
}
