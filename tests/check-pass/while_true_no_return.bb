// Methods whose bodies end in an infinite loop need no final return
// statement; the only ways out are return statements inside the loop.

class Finder {
    int[] data;

    Finder(int[] data) {
        this.data = data;
    }

    int indexOf(int target) {
        int i = 0;
        while (true) {
            if (i == data.length)
                return -1;
            if (data[i] == target)
                return i;
            i++;
        }
    }

    int firstAbove(int limit) {
        for (int i = 0; ; i++) {
            if (i >= data.length)
                return -1;
            if (data[i] > limit)
                return data[i];
        }
    }

    static int collatzPeak(long n) {
        int peak = 0;
        do {
            if (n == 1)
                return peak;
            n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
            if (n > peak)
                peak = (int) n;
        } while (true);
    }

    String spin() {
        int k = 0;
        for (;;) {
            k++;
            if (k > 3)
                return "spun " + k;
        }
    }
}

task startup(StartupObject s in initialstate) {
    Finder f = new Finder(new int[] { 5, 9, 2, 11 });
    System.out.println(f.indexOf(2) + " " + f.indexOf(7));
    System.out.println(f.firstAbove(9) + " " + f.firstAbove(20));
    System.out.println(Finder.collatzPeak(7) + " " + f.spin());
    taskexit(s: initialstate := false);
}
