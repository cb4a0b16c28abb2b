// Labeled and unlabeled break and continue, in while, do/while, for and
// for-each loops, and a labeled block.

class Search {
    static int firstPairSum(int[] a, int target) {
        int found = -1;
        outer:
        for (int i = 0; i < a.length; i++) {
            for (int j = i + 1; j < a.length; j++) {
                if (a[i] + a[j] == target) {
                    found = i * 100 + j;
                    break outer;
                }
            }
        }
        return found;
    }

    static int countSkipping(int[][] rows) {
        int count = 0;
        rows:
        for (int[] row : rows) {
            for (int v : row) {
                if (v < 0)
                    continue rows;
                if (v == 0)
                    continue;
                count++;
            }
        }
        return count;
    }
}

task startup(StartupObject s in initialstate) {
    int[] data = { 3, 8, 1, 9, 4 };
    System.out.println("pair = " + Search.firstPairSum(data, 13));
    int[][] rows = { { 1, 2, -1, 5 }, { 0, 3 }, { -2, 7 } };
    System.out.println("count = " + Search.countSkipping(rows));

    int i = 0;
    scan:
    while (true) {
        i++;
        int j = 0;
        do {
            j++;
            if (j == 2)
                continue;
            if (i * j > 12)
                break scan;
        } while (j < 5);
    }
    System.out.println("i = " + i);

    block: {
        if (data.length > 3)
            break block;
        System.out.println("not printed");
    }

    int evens = 0;
    for (int k = 0; k < 10; k++) {
        if (k % 2 == 1)
            continue;
        evens++;
    }
    System.out.println("evens = " + evens);
    taskexit(s: initialstate := false);
}
