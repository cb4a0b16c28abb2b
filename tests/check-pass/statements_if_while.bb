// if/else chains, while, do/while, nested blocks and empty statements.

class Collatz {
    static int steps(long n) {
        int count = 0;
        while (n != 1) {
            if (n % 2 == 0)
                n = n / 2;
            else
                n = 3 * n + 1;
            count++;
        }
        return count;
    }

    static String classify(int x) {
        if (x < 0) {
            return "negative";
        } else if (x == 0) {
            return "zero";
        } else if (x < 10) {
            return "small";
        } else {
            return "large";
        }
    }

    static int digitSum(int n) {
        int sum = 0;
        do {
            sum += n % 10;
            n /= 10;
        } while (n > 0);
        return sum;
    }
}

task startup(StartupObject s in initialstate) {
    System.out.println("steps(27) = " + Collatz.steps(27));
    int[] samples = { -5, 0, 7, 42 };
    int i = 0;
    while (i < samples.length) {
        System.out.println(samples[i] + " is " + Collatz.classify(samples[i]));
        i++;
    }
    int k = 0;
    do {
        k++;
    } while (k < 3);
    System.out.println("k = " + k);
    System.out.println("digitSum(98765) = " + Collatz.digitSum(98765));
    {
        int scoped = 5;
        ;
        if (scoped > 3) {
        }
        System.out.println("scoped = " + scoped);
    }
    int scoped = 6; // a new variable: the block's one is out of scope
    if (scoped == 6)
        if (k == 3)
            System.out.println("dangling else binds to the inner if");
        else
            System.out.println("unreachable at run time");
    taskexit(s: initialstate := false);
}
