// Linked structures: a singly linked list (reverse, insert sorted, remove),
// a binary search tree (insert, in-order walk, height, delete), recursion
// over both; null checks everywhere.

class ListNode {
    int val;
    ListNode next;

    ListNode(int val, ListNode next) {
        this.val = val;
        this.next = next;
    }
}

class TreeNode {
    int key;
    TreeNode left, right;

    TreeNode(int key) {
        this.key = key;
    }
}

class Structures {
    static ListNode reverse(ListNode h) {
        ListNode prev = null;
        while (h != null) {
            ListNode nx = h.next;
            h.next = prev;
            prev = h;
            h = nx;
        }
        return prev;
    }

    static ListNode insertSorted(ListNode h, int v) {
        if (h == null || v <= h.val)
            return new ListNode(v, h);
        ListNode p = h;
        while (p.next != null && p.next.val < v)
            p = p.next;
        p.next = new ListNode(v, p.next);
        return h;
    }

    static ListNode remove(ListNode h, int v) {
        if (h == null)
            return null;
        if (h.val == v)
            return remove(h.next, v);
        h.next = remove(h.next, v);
        return h;
    }

    static String show(ListNode h) {
        StringBuilder sb = new StringBuilder("[");
        for (ListNode p = h; p != null; p = p.next) {
            sb.append(p.val);
            if (p.next != null)
                sb.append(' ');
        }
        return sb.append(']').toString();
    }

    static TreeNode insert(TreeNode t, int k) {
        if (t == null)
            return new TreeNode(k);
        if (k < t.key)
            t.left = insert(t.left, k);
        else if (k > t.key)
            t.right = insert(t.right, k);
        return t;
    }

    static void inorder(TreeNode t, StringBuilder sb) {
        if (t == null)
            return;
        inorder(t.left, sb);
        sb.append(t.key).append(' ');
        inorder(t.right, sb);
    }

    static int height(TreeNode t) {
        return t == null ? 0 : 1 + Math.max(height(t.left), height(t.right));
    }

    static TreeNode delete(TreeNode t, int k) {
        if (t == null)
            return null;
        if (k < t.key)
            t.left = delete(t.left, k);
        else if (k > t.key)
            t.right = delete(t.right, k);
        else {
            if (t.left == null)
                return t.right;
            if (t.right == null)
                return t.left;
            TreeNode m = t.right;
            while (m.left != null)
                m = m.left;
            t.key = m.key;
            t.right = delete(t.right, m.key);
        }
        return t;
    }

    static void run() {
        ListNode h = null;
        int[] vals = { 5, 1, 9, 3, 7, 3, 0, 12 };
        for (int i = 0; i < vals.length; i++)
            h = insertSorted(h, vals[i]);
        System.out.println(show(h));
        h = reverse(h);
        System.out.println(show(h));
        h = remove(h, 3);
        h = remove(h, 12);
        h = remove(h, 42);
        System.out.println(show(h) + " " + show(null));
        TreeNode root = null;
        Random r = new Random(99);
        for (int i = 0; i < 40; i++)
            root = insert(root, r.nextInt(100));
        StringBuilder sb = new StringBuilder();
        inorder(root, sb);
        System.out.println(sb);
        System.out.println("height " + height(root));
        for (int k = 0; k < 100; k += 3)
            root = delete(root, k);
        sb = new StringBuilder();
        inorder(root, sb);
        System.out.println(sb + "| height " + height(root));
    }
}

task startup(StartupObject s in initialstate) {
    Structures.run();
    taskexit(s: initialstate := false);
}
