task startup(StartupObject s in initialstate) {
    {
        int inner = 5;
        System.out.println(inner);
    }
    System.out.println(inner); //~ ERROR E0101
    taskexit(s: initialstate := false);
}
