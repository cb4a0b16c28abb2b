// switch on int and char: fall-through, grouped labels, default in the
// middle, constant expressions as labels, nested switch, and switch inside
// a loop where break leaves the switch and continue the loop.

class Days {
    static final int SAT = 6;
    static final int SUN = SAT + 1;

    static String kind(int day) {
        switch (day) {
            case 1:
            case 2:
            case 3:
            case 4:
            case 5:
                return "weekday";
            case SAT:
            case SUN:
                return "weekend";
            default:
                return "invalid";
        }
    }

    static int fall(int n) {
        int acc = 0;
        switch (n) {
            case 3:
                acc += 100;
            case 2:
                acc += 10;
            default:
                acc += 5;
            case 1:
                acc += 1;
                break;
            case 4 * 10 + 2:
                acc = 42;
        }
        return acc;
    }

    static int vowel(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u':
                return 1;
            case '\n':
                return -1;
        }
        return 0;
    }
}

task startup(StartupObject s in initialstate) {
    for (int d = 0; d <= 8; d++)
        System.out.println(d + " " + Days.kind(d));
    for (int n = 0; n <= 4; n++)
        System.out.println("fall(" + n + ") = " + Days.fall(n));
    System.out.println("fall(42) = " + Days.fall(42));

    String word = "sequoia";
    int vowels = 0;
    for (int i = 0; i < word.length(); i++)
        vowels += Days.vowel(word.charAt(i));
    System.out.println("vowels = " + vowels);

    int odd = 0;
    for (int i = 0; i < 10; i++) {
        switch (i % 3) {
            case 0:
                continue;
            case 1:
                switch (i) {
                    case 4: odd += 40; break;
                    default: odd += 1;
                }
                break;
            default:
                odd += 2;
        }
    }
    System.out.println("odd = " + odd);

    switch (odd) {
    }
    switch (odd) {
        default:
    }
    taskexit(s: initialstate := false);
}
