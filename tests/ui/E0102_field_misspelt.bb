// Misspelt fields, and `size` on an array, get a suggestion.
class Counter {
    int count;
    int total;
}

task startup(StartupObject s in initialstate) {
    Counter c = new Counter();
    c.cuont = 1; //~ ERROR E0102
    int t = c.tot; //~ ERROR E0102
    int[] a = new int[3];
    int n = a.size; //~ ERROR E0102
    taskexit(s: initialstate := false);
}
