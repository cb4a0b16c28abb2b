// Recursive data structures built from classes: a singly linked list with
// in-place reversal, a binary search tree with recursive insert and
// in-order traversal, and mutual recursion.

class ListNode {
    int value;
    ListNode next;

    ListNode(int value, ListNode next) {
        this.value = value;
        this.next = next;
    }

    static ListNode reverse(ListNode head) {
        ListNode prev = null;
        while (head != null) {
            ListNode n = head.next;
            head.next = prev;
            prev = head;
            head = n;
        }
        return prev;
    }

    static String show(ListNode n) {
        StringBuilder sb = new StringBuilder();
        for (ListNode cur = n; cur != null; cur = cur.next) {
            sb.append(cur.value);
            if (cur.next != null)
                sb.append(" -> ");
        }
        return sb.toString();
    }
}

class Tree {
    int key;
    Tree left;
    Tree right;

    Tree(int key) {
        this.key = key;
    }

    void insert(int k) {
        if (k < key) {
            if (left == null)
                left = new Tree(k);
            else
                left.insert(k);
        } else {
            if (right == null)
                right = new Tree(k);
            else
                right.insert(k);
        }
    }

    void inorder(StringBuilder out) {
        if (left != null)
            left.inorder(out);
        out.append(key).append(' ');
        if (right != null)
            right.inorder(out);
    }

    int height() {
        int l = left == null ? 0 : left.height();
        int r = right == null ? 0 : right.height();
        return 1 + Math.max(l, r);
    }
}

class Parity {
    static boolean isEven(int n) {
        return n == 0 ? true : isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        return n == 0 ? false : isEven(n - 1);
    }
}

task startup(StartupObject s in initialstate) {
    ListNode list = null;
    for (int i = 5; i >= 1; i--)
        list = new ListNode(i, list);
    System.out.println(ListNode.show(list));
    System.out.println(ListNode.show(ListNode.reverse(list)));
    Tree t = new Tree(50);
    int[] keys = { 30, 70, 20, 40, 60, 80, 35 };
    for (int i = 0; i < keys.length; i++)
        t.insert(keys[i]);
    StringBuilder sb = new StringBuilder();
    t.inorder(sb);
    System.out.println(sb.toString().trim() + " height " + t.height());
    System.out.println(Parity.isEven(10) + " " + Parity.isOdd(7) + " " + Parity.isEven(3));
    taskexit(s: initialstate := false);
}
