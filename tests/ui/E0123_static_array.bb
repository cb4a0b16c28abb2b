class Table {
    private static int[] cache = new int[16]; //~ ERROR E0123
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
