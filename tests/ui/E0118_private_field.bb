class Account {
    private long balance;
}

task startup(StartupObject s in initialstate) {
    Account a = new Account();
    a.balance = 1000000; //~ ERROR E0118
    taskexit(s: initialstate := false);
}
