task startup(StartupObject s in initialstate) {
    int sum = 0;
    for (int i = 0; i < 3; i++)
        sum += i;
    System.out.println(sum + i); //~ ERROR E0101
    taskexit(s: initialstate := false);
}
