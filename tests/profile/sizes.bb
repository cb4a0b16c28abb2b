// Object sizes in the profile (format version 5): four blocks of 2,500
// ints (10,000 bytes of elements each) are made by startup, filled by
// `fill` and summed by `sum`; the profile gives each move's packed bytes.

class Block {
    flag filling;
    flag summing;
    int[] data;

    Block(int n) {
        data = new int[n];
    }
}

task startup(StartupObject s in initialstate) {
    for (int i = 0; i < 4; i++)
        new Block(2500) { filling := true };
    taskexit(s: initialstate := false);
}

task fill(Block b in filling) {
    for (int i = 0; i < b.data.length; i++)
        b.data[i] = i;
    taskexit(b: filling := false, summing := true);
}

task sum(Block b in summing) {
    int total = 0;
    for (int i = 0; i < b.data.length; i++)
        total += b.data[i];
    System.out.println(total);
    taskexit(b: summing := false);
}
