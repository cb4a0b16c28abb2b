// private fields, methods and constructors are usable anywhere inside
// their class, including on other instances of the same class and from
// static methods of the class.

class Account {
    private String owner;
    private long balance;
    private static final long LIMIT = 1000;

    private Account(String owner) {
        this.owner = owner;
    }

    static Account open(String owner, long deposit) {
        Account a = new Account(owner);
        a.deposit(deposit);
        return a;
    }

    private boolean valid(long amount) {
        return amount > 0 && amount <= LIMIT;
    }

    void deposit(long amount) {
        if (valid(amount))
            balance += amount;
    }

    boolean transferTo(Account other, long amount) {
        if (!this.valid(amount) || amount > balance)
            return false;
        balance -= amount;
        other.balance += amount;
        return true;
    }

    String report() {
        return owner + ": " + balance;
    }

    static boolean richer(Account x, Account y) {
        return x.balance > y.balance;
    }
}

task startup(StartupObject s in initialstate) {
    Account a = Account.open("ann", 500);
    Account b = Account.open("bob", 5000);
    System.out.println(a.report() + ", " + b.report());
    System.out.println(a.transferTo(b, 200) + " " + a.transferTo(b, 900));
    System.out.println(a.report() + ", " + b.report());
    System.out.println(Account.richer(b, a));
    taskexit(s: initialstate := false);
}
