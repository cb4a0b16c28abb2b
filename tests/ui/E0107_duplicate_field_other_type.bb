class Account {
    long balance;
    double balance; //~ ERROR E0107
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
