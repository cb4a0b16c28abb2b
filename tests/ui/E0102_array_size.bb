task startup(StartupObject s in initialstate) {
    int[] a = new int[4];
    System.out.println(a.size); //~ ERROR E0102
    taskexit(s: initialstate := false);
}
