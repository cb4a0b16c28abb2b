// final locals (initialised late, on every path), final parameters, blank
// final fields assigned in every constructor, final arrays whose elements
// change, final in for-each.

class Account {
    final String owner;
    final long opened;
    private final int[] history = new int[4];
    private int n;

    Account(String owner) {
        this(owner, 2020L);
    }

    Account(String owner, long opened) {
        this.owner = owner;
        this.opened = opened;
    }

    void record(final int amount) {
        history[n++ % history.length] = amount;
    }

    int total() {
        int t = 0;
        for (final int h : history)
            t += h;
        return t;
    }
}

class Finals {
    static String grade(int score) {
        final String g;
        if (score >= 90)
            g = "A";
        else if (score >= 75)
            g = "B";
        else
            g = "C";
        return g;
    }

    static void run() {
        final int base = 10;
        final int derived;
        derived = base * 3;
        Account a = new Account("ann");
        Account b = new Account("bob", 1999);
        for (int i = 1; i <= 6; i++)
            a.record(i * base);
        System.out.println(a.owner + " " + a.opened + " " + a.total() + " " + b.owner + " " + b.opened + " " + derived);
        System.out.println(grade(95) + grade(80) + grade(10));
        final int[] arr = { 1, 2, 3 };
        arr[0] = 100;
        System.out.println(arr[0] + arr[1] + arr[2]);
    }
}

task startup(StartupObject s in initialstate) {
    Finals.run();
    taskexit(s: initialstate := false);
}
