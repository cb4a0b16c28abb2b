// Collection inside a task: one invocation of one task allocates about
// 400 MB of short-lived binary trees, int arrays and strings, 100 times the
// heap limit this test runs with (BAMBOO_HEAP_MAX=4M, in
// task_gc_in_task.env), while a long-lived tree hangs off the task object
// and a local of the running body holds the only reference to a live tree.
// The collector must run inside the body (the task boundary comes too late)
// and keep what the body's locals reach; on several cores the idle cores
// join each collection. (One invocation: the profile of two long ones under
// ThreadSanitizer held a time variance above the profile reader's bound of
// 1e18, which it takes for damage.)

class Node {
    Node left, right;
    int item;

    Node(Node left, Node right, int item) {
        this.left = left;
        this.right = right;
        this.item = item;
    }

    int check() {
        if (left == null)
            return item;
        return item + left.check() - right.check();
    }
}

class Worker {
    flag busy;
    int seed;
    int trees;
    long sum;
    Node longLived;

    Worker(int seed) {
        this.seed = seed;
    }

    static Node make(int item, int depth) {
        if (depth == 0)
            return new Node(null, null, item);
        return new Node(make(2 * item - 1, depth - 1), make(2 * item, depth - 1), item);
    }

    void run() {
        longLived = make(seed, 10);
        Node held = make(seed + 1, 6); // only this local reaches it
        long bytes = 0;
        long target = 400L * 1024 * 1024;
        while (bytes < target) {
            Node t = make(trees, 8); // 511 nodes of 64 bytes
            int[] a = new int[64];
            a[trees % 64] = trees;
            String s = "tree " + trees;
            sum += t.check() + a[trees % 64] + s.length();
            bytes += 511 * 64 + 320 + 96;
            trees++;
        }
        sum += longLived.check() + held.check();
    }
}

task startup(StartupObject s in initialstate) {
    new Worker(1) { busy := true };
    taskexit(s: initialstate := false);
}

task churn(Worker w in busy) {
    w.run();
    System.out.println("trees " + w.trees + " sum " + w.sum);
    taskexit(w: busy := false);
}
