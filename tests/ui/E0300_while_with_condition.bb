class Finder {
    int find(int[] a, int v) {
        int i = 0;
        while (i < a.length) {
            if (a[i] == v)
                return i;
            i++;
        }
    } //~ ERROR E0300
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
