// HashMap.bb — `HashMap` and `HashSet`, in Bamboo, laid out exactly as
// Java's (JDK 19 and later) so that iteration order is Java's for the same
// hash codes:
//   - a power-of-two table, allocated on the first insertion (16 buckets by
//     default, or tableSizeFor(initialCapacity)); load factor 0.75;
//   - hash spreading h ^ (h >>> 16); bucket = hash & (table.length - 1);
//   - a new key goes at the tail of its bucket's chain;
//   - when size exceeds the threshold the table doubles, each chain split
//     into a "lo" and a "hi" chain keeping their relative order;
//   - a chain reaching 8 nodes in a table of fewer than 64 buckets doubles
//     the table; in a larger table it becomes a red-black tree bin
//     (HashMapTreeNode, Java's TreeNode, ported line for line), whose root
//     Java moves to the front of the bucket's chain; a tree bin of 6 or fewer
//     nodes after a split turns back into a plain chain;
//   - iteration walks buckets in index order, each chain from its head.
// Within a tree bin Java orders equal-hash keys by compareTo when both are of
// the same one of its Comparable classes (String, Integer, Long, Double,
// Float, Character, Boolean), else by class name and then by
// System.identityHashCode; only this last tie-break, which varies from run to
// run in Java too, can make the order differ from Java's.
//
// Classes: HashMap, HashMapNode (an entry), HashMapTreeNode (an entry of a
// tree bin), HashMapIterator, HashMapKeySet, HashMapValues, HashMapEntrySet
// (the live views), HashSet (a HashMap whose values are a marker object, as
// in Java).
//
// Natives used (declared elsewhere, see NATIVES.md): Math.ceil,
// BambooRuntime.className and System.identityHashCode (tree-bin tie-breaks).

public class HashMapNode extends MapEntry {

    int hash;
    Object key;
    Object value;
    HashMapNode next;

    HashMapNode(int hash, Object key, Object value, HashMapNode next) {
        this.hash = hash;
        this.key = key;
        this.value = value;
        this.next = next;
    }

    public Object getKey() {
        return key;
    }

    public Object getValue() {
        return value;
    }

    public Object setValue(Object newValue) {
        Object oldValue = value;
        value = newValue;
        return oldValue;
    }
}

/**
 * An entry of a tree bin: Java's HashMap.TreeNode, ported line for line (a
 * red-black tree ordered by hash, then compareTo for the library's Comparable
 * classes, then a tie-break; the `next`/`prev` links keep the bin's chain,
 * which is what iteration follows).
 */
public class HashMapTreeNode extends HashMapNode {

    HashMapTreeNode parent;
    HashMapTreeNode left;
    HashMapTreeNode right;
    HashMapTreeNode prev;
    boolean red;

    HashMapTreeNode(int hash, Object key, Object value, HashMapNode next) {
        super(hash, key, value, next);
    }

    // ---- key ordering (Java's comparableClassFor / compareComparables / tieBreakOrder) ----

    // Class codes: -1 not yet computed, 0 not one of the Comparable classes.
    static final int KC_UNKNOWN = -1;
    static final int KC_NONE = 0;

    /** A code for x's class if it is one of the library's Comparable classes, else KC_NONE. */
    static int comparableClassFor(Object x) {
        if (x instanceof String) {
            return 1;
        }
        if (x instanceof Integer) {
            return 2;
        }
        if (x instanceof Long) {
            return 3;
        }
        if (x instanceof Double) {
            return 4;
        }
        if (x instanceof Float) {
            return 5;
        }
        if (x instanceof Character) {
            return 6;
        }
        if (x instanceof Boolean) {
            return 7;
        }
        return KC_NONE;
    }

    /** k.compareTo(x) if x is of k's Comparable class kc, else 0. */
    static int compareComparables(int kc, Object k, Object x) {
        if (x == null || comparableClassFor(x) != kc) {
            return 0;
        }
        if (kc == 1) {
            return ((String) k).compareTo((String) x);
        }
        if (kc == 2) {
            return ((Integer) k).compareTo((Integer) x);
        }
        if (kc == 3) {
            return ((Long) k).compareTo((Long) x);
        }
        if (kc == 4) {
            return ((Double) k).compareTo((Double) x);
        }
        if (kc == 5) {
            return ((Float) k).compareTo((Float) x);
        }
        if (kc == 6) {
            return ((Character) k).compareTo((Character) x);
        }
        return ((Boolean) k).compareTo((Boolean) x);
    }

    static int tieBreakOrder(Object a, Object b) {
        int d = 0;
        if (a != null && b != null) {
            d = BambooRuntime.className(a).compareTo(BambooRuntime.className(b));
        }
        if (d == 0) {
            d = (System.identityHashCode(a) <= System.identityHashCode(b)) ? -1 : 1;
        }
        return d;
    }

    // ---- tree operations ----

    HashMapTreeNode root() {
        HashMapTreeNode r = this;
        while (r.parent != null) {
            r = r.parent;
        }
        return r;
    }

    /** Makes `root` the first node of its bucket's chain. */
    static void moveRootToFront(HashMapNode[] tab, HashMapTreeNode root) {
        if (root != null && tab != null && tab.length > 0) {
            int index = (tab.length - 1) & root.hash;
            HashMapTreeNode first = (HashMapTreeNode) tab[index];
            if (root != first) {
                tab[index] = root;
                HashMapTreeNode rp = root.prev;
                HashMapNode rn = root.next;
                if (rn != null) {
                    ((HashMapTreeNode) rn).prev = rp;
                }
                if (rp != null) {
                    rp.next = rn;
                }
                if (first != null) {
                    first.prev = root;
                }
                root.next = first;
                root.prev = null;
            }
        }
    }

    /** The node for key k with hash h in the subtree rooted here, or null. */
    HashMapTreeNode find(int h, Object k, int kc) {
        HashMapTreeNode p = this;
        while (p != null) {
            int ph = p.hash;
            Object pk = p.key;
            HashMapTreeNode pl = p.left;
            HashMapTreeNode pr = p.right;
            if (ph > h) {
                p = pl;
            } else if (ph < h) {
                p = pr;
            } else if (pk == k || (k != null && k.equals(pk))) {
                return p;
            } else if (pl == null) {
                p = pr;
            } else if (pr == null) {
                p = pl;
            } else {
                int dir = 0;
                if (kc == KC_UNKNOWN) {
                    kc = comparableClassFor(k);
                }
                if (kc != KC_NONE) {
                    dir = compareComparables(kc, k, pk);
                }
                if (dir != 0) {
                    p = (dir < 0) ? pl : pr;
                } else {
                    HashMapTreeNode q = pr.find(h, k, kc);
                    if (q != null) {
                        return q;
                    }
                    p = pl;
                }
            }
        }
        return null;
    }

    HashMapTreeNode getTreeNode(int h, Object k) {
        HashMapTreeNode r = (parent != null) ? root() : this;
        return r.find(h, k, KC_UNKNOWN);
    }

    /** Builds the tree from the chain starting here, then moves its root to the front. */
    void treeify(HashMapNode[] tab) {
        HashMapTreeNode root = null;
        HashMapTreeNode x = this;
        while (x != null) {
            HashMapTreeNode next = (HashMapTreeNode) x.next;
            x.left = null;
            x.right = null;
            if (root == null) {
                x.parent = null;
                x.red = false;
                root = x;
            } else {
                Object k = x.key;
                int h = x.hash;
                int kc = KC_UNKNOWN;
                HashMapTreeNode p = root;
                boolean placed = false;
                while (!placed) {
                    int dir;
                    Object pk = p.key;
                    int ph = p.hash;
                    if (ph > h) {
                        dir = -1;
                    } else if (ph < h) {
                        dir = 1;
                    } else {
                        if (kc == KC_UNKNOWN) {
                            kc = comparableClassFor(k);
                        }
                        dir = 0;
                        if (kc != KC_NONE) {
                            dir = compareComparables(kc, k, pk);
                        }
                        if (dir == 0) {
                            dir = tieBreakOrder(k, pk);
                        }
                    }
                    HashMapTreeNode xp = p;
                    p = (dir <= 0) ? p.left : p.right;
                    if (p == null) {
                        x.parent = xp;
                        if (dir <= 0) {
                            xp.left = x;
                        } else {
                            xp.right = x;
                        }
                        root = balanceInsertion(root, x);
                        placed = true;
                    }
                }
            }
            x = next;
        }
        moveRootToFront(tab, root);
    }

    /** A plain chain with this bin's mappings, in chain order. */
    HashMapNode untreeify() {
        HashMapNode hd = null;
        HashMapNode tl = null;
        for (HashMapNode q = this; q != null; q = q.next) {
            HashMapNode p = new HashMapNode(q.hash, q.key, q.value, null);
            if (tl == null) {
                hd = p;
            } else {
                tl.next = p;
            }
            tl = p;
        }
        return hd;
    }

    /** Java's putTreeVal: the existing node for k, or null after inserting a new one. */
    HashMapTreeNode putTreeVal(HashMap map, HashMapNode[] tab, int h, Object k, Object v) {
        int kc = KC_UNKNOWN;
        boolean searched = false;
        HashMapTreeNode root = (parent != null) ? root() : this;
        HashMapTreeNode p = root;
        while (true) {
            int dir;
            int ph = p.hash;
            Object pk = p.key;
            if (ph > h) {
                dir = -1;
            } else if (ph < h) {
                dir = 1;
            } else if (pk == k || (k != null && k.equals(pk))) {
                return p;
            } else {
                if (kc == KC_UNKNOWN) {
                    kc = comparableClassFor(k);
                }
                dir = 0;
                if (kc != KC_NONE) {
                    dir = compareComparables(kc, k, pk);
                }
                if (dir == 0) {
                    if (!searched) {
                        searched = true;
                        HashMapTreeNode q = null;
                        if (p.left != null) {
                            q = p.left.find(h, k, kc);
                        }
                        if (q == null && p.right != null) {
                            q = p.right.find(h, k, kc);
                        }
                        if (q != null) {
                            return q;
                        }
                    }
                    dir = tieBreakOrder(k, pk);
                }
            }
            HashMapTreeNode xp = p;
            p = (dir <= 0) ? p.left : p.right;
            if (p == null) {
                HashMapNode xpn = xp.next;
                HashMapTreeNode x = new HashMapTreeNode(h, k, v, xpn);
                if (dir <= 0) {
                    xp.left = x;
                } else {
                    xp.right = x;
                }
                xp.next = x;
                x.parent = xp;
                x.prev = xp;
                if (xpn != null) {
                    ((HashMapTreeNode) xpn).prev = x;
                }
                moveRootToFront(tab, balanceInsertion(root, x));
                return null;
            }
        }
    }

    /** Java's removeTreeNode: unlinks this node from its bin's chain and tree. */
    void removeTreeNode(HashMap map, HashMapNode[] tab, boolean movable) {
        if (tab == null || tab.length == 0) {
            return;
        }
        int index = (tab.length - 1) & hash;
        HashMapTreeNode first = (HashMapTreeNode) tab[index];
        HashMapTreeNode root = first;
        HashMapTreeNode succ = (HashMapTreeNode) next;
        HashMapTreeNode pred = prev;
        if (pred == null) {
            tab[index] = succ;
            first = succ;
        } else {
            pred.next = succ;
        }
        if (succ != null) {
            succ.prev = pred;
        }
        if (first == null) {
            return;
        }
        if (root.parent != null) {
            root = root.root();
        }
        if (root == null
                || (movable && (root.right == null || root.left == null || root.left.left == null))) {
            tab[index] = first.untreeify();  // too small
            return;
        }
        HashMapTreeNode p = this;
        HashMapTreeNode pl = left;
        HashMapTreeNode pr = right;
        HashMapTreeNode replacement;
        if (pl != null && pr != null) {
            HashMapTreeNode s = pr;
            while (s.left != null) {  // find successor
                s = s.left;
            }
            boolean c = s.red;
            s.red = p.red;
            p.red = c;  // swap colors
            HashMapTreeNode sr = s.right;
            HashMapTreeNode pp = p.parent;
            if (s == pr) {  // p was s's direct parent
                p.parent = s;
                s.right = p;
            } else {
                HashMapTreeNode sp = s.parent;
                p.parent = sp;
                if (sp != null) {
                    if (s == sp.left) {
                        sp.left = p;
                    } else {
                        sp.right = p;
                    }
                }
                s.right = pr;
                if (pr != null) {
                    pr.parent = s;
                }
            }
            p.left = null;
            p.right = sr;
            if (sr != null) {
                sr.parent = p;
            }
            s.left = pl;
            if (pl != null) {
                pl.parent = s;
            }
            s.parent = pp;
            if (pp == null) {
                root = s;
            } else if (p == pp.left) {
                pp.left = s;
            } else {
                pp.right = s;
            }
            if (sr != null) {
                replacement = sr;
            } else {
                replacement = p;
            }
        } else if (pl != null) {
            replacement = pl;
        } else if (pr != null) {
            replacement = pr;
        } else {
            replacement = p;
        }
        if (replacement != p) {
            HashMapTreeNode pp = p.parent;
            replacement.parent = pp;
            if (pp == null) {
                root = replacement;
                root.red = false;
            } else if (p == pp.left) {
                pp.left = replacement;
            } else {
                pp.right = replacement;
            }
            p.left = null;
            p.right = null;
            p.parent = null;
        }

        HashMapTreeNode r = p.red ? root : balanceDeletion(root, replacement);

        if (replacement == p) {  // detach
            HashMapTreeNode pp = p.parent;
            p.parent = null;
            if (pp != null) {
                if (p == pp.left) {
                    pp.left = null;
                } else if (p == pp.right) {
                    pp.right = null;
                }
            }
        }
        if (movable) {
            moveRootToFront(tab, r);
        }
    }

    /** Splits this tree bin into the lo bin `index` and hi bin `index + bit` of a doubled table. */
    void split(HashMap map, HashMapNode[] tab, int index, int bit) {
        HashMapTreeNode loHead = null;
        HashMapTreeNode loTail = null;
        HashMapTreeNode hiHead = null;
        HashMapTreeNode hiTail = null;
        int lc = 0;
        int hc = 0;
        HashMapTreeNode e = this;
        while (e != null) {
            HashMapTreeNode next = (HashMapTreeNode) e.next;
            e.next = null;
            if ((e.hash & bit) == 0) {
                e.prev = loTail;
                if (loTail == null) {
                    loHead = e;
                } else {
                    loTail.next = e;
                }
                loTail = e;
                lc++;
            } else {
                e.prev = hiTail;
                if (hiTail == null) {
                    hiHead = e;
                } else {
                    hiTail.next = e;
                }
                hiTail = e;
                hc++;
            }
            e = next;
        }
        if (loHead != null) {
            if (lc <= HashMap.UNTREEIFY_THRESHOLD) {
                tab[index] = loHead.untreeify();
            } else {
                tab[index] = loHead;
                if (hiHead != null) {  // (else it is already a tree)
                    loHead.treeify(tab);
                }
            }
        }
        if (hiHead != null) {
            if (hc <= HashMap.UNTREEIFY_THRESHOLD) {
                tab[index + bit] = hiHead.untreeify();
            } else {
                tab[index + bit] = hiHead;
                if (loHead != null) {
                    hiHead.treeify(tab);
                }
            }
        }
    }

    // ---- red-black tree balancing (as Java's, adapted from CLR) ----

    static HashMapTreeNode rotateLeft(HashMapTreeNode root, HashMapTreeNode p) {
        if (p != null && p.right != null) {
            HashMapTreeNode r = p.right;
            HashMapTreeNode rl = r.left;
            p.right = rl;
            if (rl != null) {
                rl.parent = p;
            }
            HashMapTreeNode pp = p.parent;
            r.parent = pp;
            if (pp == null) {
                root = r;
                root.red = false;
            } else if (pp.left == p) {
                pp.left = r;
            } else {
                pp.right = r;
            }
            r.left = p;
            p.parent = r;
        }
        return root;
    }

    static HashMapTreeNode rotateRight(HashMapTreeNode root, HashMapTreeNode p) {
        if (p != null && p.left != null) {
            HashMapTreeNode l = p.left;
            HashMapTreeNode lr = l.right;
            p.left = lr;
            if (lr != null) {
                lr.parent = p;
            }
            HashMapTreeNode pp = p.parent;
            l.parent = pp;
            if (pp == null) {
                root = l;
                root.red = false;
            } else if (pp.right == p) {
                pp.right = l;
            } else {
                pp.left = l;
            }
            l.right = p;
            p.parent = l;
        }
        return root;
    }

    static HashMapTreeNode balanceInsertion(HashMapTreeNode root, HashMapTreeNode x) {
        x.red = true;
        while (true) {
            HashMapTreeNode xp = x.parent;
            if (xp == null) {
                x.red = false;
                return x;
            }
            HashMapTreeNode xpp = xp.parent;
            if (!xp.red || xpp == null) {
                return root;
            }
            HashMapTreeNode xppl = xpp.left;
            if (xp == xppl) {
                HashMapTreeNode xppr = xpp.right;
                if (xppr != null && xppr.red) {
                    xppr.red = false;
                    xp.red = false;
                    xpp.red = true;
                    x = xpp;
                } else {
                    if (x == xp.right) {
                        x = xp;
                        root = rotateLeft(root, x);
                        xp = x.parent;
                        xpp = (xp == null) ? null : xp.parent;
                    }
                    if (xp != null) {
                        xp.red = false;
                        if (xpp != null) {
                            xpp.red = true;
                            root = rotateRight(root, xpp);
                        }
                    }
                }
            } else {
                if (xppl != null && xppl.red) {
                    xppl.red = false;
                    xp.red = false;
                    xpp.red = true;
                    x = xpp;
                } else {
                    if (x == xp.left) {
                        x = xp;
                        root = rotateRight(root, x);
                        xp = x.parent;
                        xpp = (xp == null) ? null : xp.parent;
                    }
                    if (xp != null) {
                        xp.red = false;
                        if (xpp != null) {
                            xpp.red = true;
                            root = rotateLeft(root, xpp);
                        }
                    }
                }
            }
        }
    }

    static HashMapTreeNode balanceDeletion(HashMapTreeNode root, HashMapTreeNode x) {
        while (true) {
            if (x == null || x == root) {
                return root;
            }
            HashMapTreeNode xp = x.parent;
            if (xp == null) {
                x.red = false;
                return x;
            }
            if (x.red) {
                x.red = false;
                return root;
            }
            HashMapTreeNode xpl = xp.left;
            if (xpl == x) {
                HashMapTreeNode xpr = xp.right;
                if (xpr != null && xpr.red) {
                    xpr.red = false;
                    xp.red = true;
                    root = rotateLeft(root, xp);
                    xp = x.parent;
                    xpr = (xp == null) ? null : xp.right;
                }
                if (xpr == null) {
                    x = xp;
                } else {
                    HashMapTreeNode sl = xpr.left;
                    HashMapTreeNode sr = xpr.right;
                    if ((sr == null || !sr.red) && (sl == null || !sl.red)) {
                        xpr.red = true;
                        x = xp;
                    } else {
                        if (sr == null || !sr.red) {
                            if (sl != null) {
                                sl.red = false;
                            }
                            xpr.red = true;
                            root = rotateRight(root, xpr);
                            xp = x.parent;
                            xpr = (xp == null) ? null : xp.right;
                        }
                        if (xpr != null) {
                            xpr.red = (xp == null) ? false : xp.red;
                            sr = xpr.right;
                            if (sr != null) {
                                sr.red = false;
                            }
                        }
                        if (xp != null) {
                            xp.red = false;
                            root = rotateLeft(root, xp);
                        }
                        x = root;
                    }
                }
            } else {  // symmetric
                if (xpl != null && xpl.red) {
                    xpl.red = false;
                    xp.red = true;
                    root = rotateRight(root, xp);
                    xp = x.parent;
                    xpl = (xp == null) ? null : xp.left;
                }
                if (xpl == null) {
                    x = xp;
                } else {
                    HashMapTreeNode sl = xpl.left;
                    HashMapTreeNode sr = xpl.right;
                    if ((sl == null || !sl.red) && (sr == null || !sr.red)) {
                        xpl.red = true;
                        x = xp;
                    } else {
                        if (sl == null || !sl.red) {
                            if (sr != null) {
                                sr.red = false;
                            }
                            xpl.red = true;
                            root = rotateLeft(root, xpl);
                            xp = x.parent;
                            xpl = (xp == null) ? null : xp.left;
                        }
                        if (xpl != null) {
                            xpl.red = (xp == null) ? false : xp.red;
                            sl = xpl.left;
                            if (sl != null) {
                                sl.red = false;
                            }
                        }
                        if (xp != null) {
                            xp.red = false;
                            root = rotateRight(root, xp);
                        }
                        x = root;
                    }
                }
            }
        }
    }
}

public class HashMap extends Map {

    static final int DEFAULT_INITIAL_CAPACITY = 16;
    static final int MAXIMUM_CAPACITY = 1 << 30;
    static final float DEFAULT_LOAD_FACTOR = 0.75f;
    static final int TREEIFY_THRESHOLD = 8;
    static final int UNTREEIFY_THRESHOLD = 6;
    static final int MIN_TREEIFY_CAPACITY = 64;

    HashMapNode[] table;
    int count;
    int modCount;
    int threshold;
    float loadFactor;

    public HashMap() {
        this.loadFactor = DEFAULT_LOAD_FACTOR;
    }

    public HashMap(int initialCapacity) {
        this(initialCapacity, DEFAULT_LOAD_FACTOR);
    }

    public HashMap(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0) {
            BambooRuntime.error("IllegalArgumentException", "Illegal initial capacity: " + initialCapacity);
        }
        if (initialCapacity > MAXIMUM_CAPACITY) {
            initialCapacity = MAXIMUM_CAPACITY;
        }
        if (loadFactor <= 0 || loadFactor != loadFactor) {
            BambooRuntime.error("IllegalArgumentException", "Illegal load factor: " + loadFactor);
        }
        this.loadFactor = loadFactor;
        this.threshold = tableSizeFor(initialCapacity);
    }

    public HashMap(Map m) {
        this.loadFactor = DEFAULT_LOAD_FACTOR;
        putMapEntries(m);
    }

    /** The key's hashCode with its high half folded into its low half (0 for null). */
    static int hash(Object key) {
        if (key == null) {
            return 0;
        }
        int h = key.hashCode();
        return h ^ (h >>> 16);
    }

    /** The least power of two >= cap (1 for cap <= 1), capped at MAXIMUM_CAPACITY. */
    static int tableSizeFor(int cap) {
        int n = -1 >>> Integer.numberOfLeadingZeros(cap - 1);
        if (n < 0) {
            return 1;
        }
        return (n >= MAXIMUM_CAPACITY) ? MAXIMUM_CAPACITY : n + 1;
    }

    /** Java's HashMap.calculateHashMapCapacity: ceil(numMappings / 0.75). */
    static int calculateHashMapCapacity(int numMappings) {
        return (int) Math.ceil(numMappings / (double) DEFAULT_LOAD_FACTOR);
    }

    private void putMapEntries(Map m) {
        int s = m.size();
        if (s > 0) {
            if (table == null) {
                double dt = Math.ceil(s / (double) loadFactor);
                int t = (dt < (double) MAXIMUM_CAPACITY) ? (int) dt : MAXIMUM_CAPACITY;
                if (t > threshold) {
                    threshold = tableSizeFor(t);
                }
            } else {
                while (s > threshold && table.length < MAXIMUM_CAPACITY) {
                    resize();
                }
            }
            Iterator it = m.entrySet().iterator();
            while (it.hasNext()) {
                MapEntry e = (MapEntry) it.next();
                Object key = e.getKey();
                putVal(hash(key), key, e.getValue(), false);
            }
        }
    }

    // ---- lookup ----

    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    HashMapNode getNode(Object key) {
        HashMapNode[] tab = table;
        if (tab != null && tab.length > 0) {
            int h = hash(key);
            HashMapNode first = tab[(tab.length - 1) & h];
            if (first == null) {
                return null;
            }
            if (first.hash == h && (first.key == key || (key != null && key.equals(first.key)))) {
                return first;
            }
            HashMapNode e = first.next;
            if (e != null && first instanceof HashMapTreeNode) {
                return ((HashMapTreeNode) first).getTreeNode(h, key);
            }
            while (e != null) {
                if (e.hash == h && (e.key == key || (key != null && key.equals(e.key)))) {
                    return e;
                }
                e = e.next;
            }
        }
        return null;
    }

    public Object get(Object key) {
        HashMapNode e = getNode(key);
        return (e == null) ? null : e.value;
    }

    public Object getOrDefault(Object key, Object defaultValue) {
        HashMapNode e = getNode(key);
        return (e == null) ? defaultValue : e.value;
    }

    public boolean containsKey(Object key) {
        return getNode(key) != null;
    }

    public boolean containsValue(Object value) {
        HashMapNode[] tab = table;
        if (tab != null && count > 0) {
            for (int i = 0; i < tab.length; i++) {
                for (HashMapNode e = tab[i]; e != null; e = e.next) {
                    Object v = e.value;
                    if (v == value || (value != null && value.equals(v))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // ---- insertion ----

    public Object put(Object key, Object value) {
        return putVal(hash(key), key, value, false);
    }

    public Object putIfAbsent(Object key, Object value) {
        return putVal(hash(key), key, value, true);
    }

    public void putAll(Map m) {
        putMapEntries(m);
    }

    Object putVal(int hash, Object key, Object value, boolean onlyIfAbsent) {
        HashMapNode[] tab = table;
        if (tab == null || tab.length == 0) {
            tab = resize();
        }
        int n = tab.length;
        int i = (n - 1) & hash;
        HashMapNode p = tab[i];
        if (p == null) {
            tab[i] = new HashMapNode(hash, key, value, null);
        } else {
            HashMapNode e = null;
            if (p.hash == hash && (p.key == key || (key != null && key.equals(p.key)))) {
                e = p;
            } else if (p instanceof HashMapTreeNode) {
                e = ((HashMapTreeNode) p).putTreeVal(this, tab, hash, key, value);
            } else {
                int binCount = 0;
                boolean searching = true;
                while (searching) {
                    e = p.next;
                    if (e == null) {
                        p.next = new HashMapNode(hash, key, value, null);
                        if (binCount >= TREEIFY_THRESHOLD - 1) {
                            treeifyBin(tab, hash);
                        }
                        searching = false;
                    } else if (e.hash == hash && (e.key == key || (key != null && key.equals(e.key)))) {
                        searching = false;
                    } else {
                        p = e;
                        binCount++;
                    }
                }
            }
            if (e != null) {
                // an existing mapping for key
                Object oldValue = e.value;
                if (!onlyIfAbsent || oldValue == null) {
                    e.value = value;
                }
                return oldValue;
            }
        }
        modCount++;
        count++;
        if (count > threshold) {
            resize();
        }
        return null;
    }

    /** Doubles a small table, or turns the bin holding `hash` into a tree bin. */
    void treeifyBin(HashMapNode[] tab, int hash) {
        int n = (tab == null) ? 0 : tab.length;
        if (tab == null || n < MIN_TREEIFY_CAPACITY) {
            resize();
            return;
        }
        int index = (n - 1) & hash;
        HashMapNode e = tab[index];
        if (e != null) {
            HashMapTreeNode hd = null;
            HashMapTreeNode tl = null;
            while (e != null) {
                HashMapTreeNode p = new HashMapTreeNode(e.hash, e.key, e.value, null);
                if (tl == null) {
                    hd = p;
                } else {
                    p.prev = tl;
                    tl.next = p;
                }
                tl = p;
                e = e.next;
            }
            tab[index] = hd;
            if (hd != null) {
                hd.treeify(tab);
            }
        }
    }

    /** Allocates the first table or doubles it, splitting each chain in order. */
    HashMapNode[] resize() {
        HashMapNode[] oldTab = table;
        int oldCap = (oldTab == null) ? 0 : oldTab.length;
        int oldThr = threshold;
        int newCap = 0;
        int newThr = 0;
        if (oldCap > 0) {
            if (oldCap >= MAXIMUM_CAPACITY) {
                threshold = Integer.MAX_VALUE;
                return oldTab;
            }
            newCap = oldCap << 1;
            if (newCap < MAXIMUM_CAPACITY && oldCap >= DEFAULT_INITIAL_CAPACITY) {
                newThr = oldThr << 1;
            }
        } else if (oldThr > 0) {
            // the initial capacity was kept in threshold
            newCap = oldThr;
        } else {
            newCap = DEFAULT_INITIAL_CAPACITY;
            newThr = (int) (DEFAULT_LOAD_FACTOR * DEFAULT_INITIAL_CAPACITY);
        }
        if (newThr == 0) {
            float ft = (float) newCap * loadFactor;
            newThr = (newCap < MAXIMUM_CAPACITY && ft < (float) MAXIMUM_CAPACITY) ? (int) ft : Integer.MAX_VALUE;
        }
        threshold = newThr;
        HashMapNode[] newTab = new HashMapNode[newCap];
        table = newTab;
        if (oldTab != null) {
            for (int j = 0; j < oldCap; j++) {
                HashMapNode e = oldTab[j];
                if (e != null) {
                    oldTab[j] = null;
                    if (e.next == null) {
                        newTab[e.hash & (newCap - 1)] = e;
                    } else if (e instanceof HashMapTreeNode) {
                        ((HashMapTreeNode) e).split(this, newTab, j, oldCap);
                    } else {
                        HashMapNode loHead = null;
                        HashMapNode loTail = null;
                        HashMapNode hiHead = null;
                        HashMapNode hiTail = null;
                        while (e != null) {
                            HashMapNode next = e.next;
                            if ((e.hash & oldCap) == 0) {
                                if (loTail == null) {
                                    loHead = e;
                                } else {
                                    loTail.next = e;
                                }
                                loTail = e;
                            } else {
                                if (hiTail == null) {
                                    hiHead = e;
                                } else {
                                    hiTail.next = e;
                                }
                                hiTail = e;
                            }
                            e = next;
                        }
                        if (loTail != null) {
                            loTail.next = null;
                            newTab[j] = loHead;
                        }
                        if (hiTail != null) {
                            hiTail.next = null;
                            newTab[j + oldCap] = hiHead;
                        }
                    }
                }
            }
        }
        return newTab;
    }

    // ---- removal ----

    public Object remove(Object key) {
        HashMapNode e = removeNode(hash(key), key, null, false, true);
        return (e == null) ? null : e.value;
    }

    /**
     * Unlinks the node for key (whose value must equal `value` if
     * matchValue); `movable` false keeps a tree bin's nodes in place (for
     * removal through an iterator).
     */
    HashMapNode removeNode(int hash, Object key, Object value, boolean matchValue, boolean movable) {
        HashMapNode[] tab = table;
        if (tab == null || tab.length == 0) {
            return null;
        }
        int index = (tab.length - 1) & hash;
        HashMapNode p = tab[index];
        if (p == null) {
            return null;
        }
        HashMapNode node = null;
        if (p.hash == hash && (p.key == key || (key != null && key.equals(p.key)))) {
            node = p;
        } else if (p.next != null) {
            if (p instanceof HashMapTreeNode) {
                node = ((HashMapTreeNode) p).getTreeNode(hash, key);
            } else {
                HashMapNode e = p.next;
                while (e != null && node == null) {
                    if (e.hash == hash && (e.key == key || (key != null && key.equals(e.key)))) {
                        node = e;
                    } else {
                        p = e;
                        e = e.next;
                    }
                }
            }
        }
        if (node != null) {
            Object v = node.value;
            if (!matchValue || v == value || (value != null && value.equals(v))) {
                if (node instanceof HashMapTreeNode) {
                    ((HashMapTreeNode) node).removeTreeNode(this, tab, movable);
                } else if (node == p) {
                    tab[index] = node.next;
                } else {
                    p.next = node.next;
                }
                modCount++;
                count--;
                return node;
            }
        }
        return null;
    }

    public void clear() {
        modCount++;
        HashMapNode[] tab = table;
        if (tab != null && count > 0) {
            count = 0;
            for (int i = 0; i < tab.length; i++) {
                tab[i] = null;
            }
        }
    }

    // ---- views ----

    public Set keySet() {
        return new HashMapKeySet(this);
    }

    public Collection values() {
        return new HashMapValues(this);
    }

    /**
     * The original distribution's iterator: 0 iterates over the keys, 1 over
     * the values; any other kind is an IllegalArgumentException.
     */
    public Iterator iterator(int kind) {
        if (kind != HashMapIterator.KEYS && kind != HashMapIterator.VALUES) {
            BambooRuntime.error("IllegalArgumentException", "HashMap.iterator(" + kind + "): 0 (keys) or 1 (values)");
        }
        return new HashMapIterator(this, kind);
    }

    public Set entrySet() {
        return new HashMapEntrySet(this);
    }
}

/** Iterates a HashMap's keys (type 0), values (1) or nodes (2), fail-fast. */
public class HashMapIterator extends Iterator {

    static final int KEYS = 0;
    static final int VALUES = 1;
    static final int ENTRIES = 2;

    private HashMap map;
    private int type;
    private HashMapNode nextNode;
    private HashMapNode current;
    private int expectedModCount;
    private int index;

    public HashMapIterator(HashMap map, int type) {
        this.map = map;
        this.type = type;
        this.expectedModCount = map.modCount;
        this.current = null;
        this.nextNode = null;
        this.index = 0;
        HashMapNode[] t = map.table;
        if (t != null && map.count > 0) {
            while (index < t.length && nextNode == null) {
                nextNode = t[index];
                index++;
            }
        }
    }

    public boolean hasNext() {
        return nextNode != null;
    }

    public Object next() {
        if (map.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        HashMapNode e = nextNode;
        if (e == null) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        current = e;
        nextNode = e.next;
        HashMapNode[] t = map.table;
        if (nextNode == null && t != null) {
            while (index < t.length && nextNode == null) {
                nextNode = t[index];
                index++;
            }
        }
        if (type == KEYS) {
            return e.key;
        }
        if (type == VALUES) {
            return e.value;
        }
        return e;
    }

    public void remove() {
        HashMapNode p = current;
        if (p == null) {
            BambooRuntime.error("IllegalStateException", null);
        }
        if (map.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        current = null;
        map.removeNode(p.hash, p.key, null, false, false);
        expectedModCount = map.modCount;
    }
}

/** HashMap.keySet(): a live view. */
public class HashMapKeySet extends Set {

    private HashMap map;

    public HashMapKeySet(HashMap map) {
        this.map = map;
    }

    public int size() {
        return map.count;
    }

    public void clear() {
        map.clear();
    }

    public Iterator iterator() {
        return new HashMapIterator(map, HashMapIterator.KEYS);
    }

    public boolean contains(Object o) {
        return map.containsKey(o);
    }

    public boolean remove(Object key) {
        return map.removeNode(HashMap.hash(key), key, null, false, true) != null;
    }
}

/** HashMap.values(): a live view. */
public class HashMapValues extends Collection {

    private HashMap map;

    public HashMapValues(HashMap map) {
        this.map = map;
    }

    public int size() {
        return map.count;
    }

    public void clear() {
        map.clear();
    }

    public Iterator iterator() {
        return new HashMapIterator(map, HashMapIterator.VALUES);
    }

    public boolean contains(Object o) {
        return map.containsValue(o);
    }
}

/** HashMap.entrySet(): a live view whose elements are the HashMapNodes. */
public class HashMapEntrySet extends Set {

    private HashMap map;

    public HashMapEntrySet(HashMap map) {
        this.map = map;
    }

    public int size() {
        return map.count;
    }

    public void clear() {
        map.clear();
    }

    public Iterator iterator() {
        return new HashMapIterator(map, HashMapIterator.ENTRIES);
    }

    public boolean contains(Object o) {
        if (!(o instanceof MapEntry)) {
            return false;
        }
        MapEntry e = (MapEntry) o;
        HashMapNode candidate = map.getNode(e.getKey());
        return candidate != null && candidate.equals(e);
    }

    public boolean remove(Object o) {
        if (o instanceof MapEntry) {
            MapEntry e = (MapEntry) o;
            Object key = e.getKey();
            return map.removeNode(HashMap.hash(key), key, e.getValue(), true, true) != null;
        }
        return false;
    }
}

public class HashSet extends Set {

    private HashMap map;
    // The value stored with every element (Java's PRESENT).
    private Object present;

    public HashSet() {
        map = new HashMap();
        present = new Object();
    }

    public HashSet(Collection c) {
        int n = c.size();
        map = new HashMap(HashMap.calculateHashMapCapacity(n > 12 ? n : 12));
        present = new Object();
        addAll(c);
    }

    public HashSet(int initialCapacity) {
        map = new HashMap(initialCapacity);
        present = new Object();
    }

    public HashSet(int initialCapacity, float loadFactor) {
        map = new HashMap(initialCapacity, loadFactor);
        present = new Object();
    }

    public Iterator iterator() {
        return new HashMapIterator(map, HashMapIterator.KEYS);
    }

    public int size() {
        return map.size();
    }

    public boolean isEmpty() {
        return map.isEmpty();
    }

    public boolean contains(Object o) {
        return map.containsKey(o);
    }

    public boolean add(Object e) {
        return map.put(e, present) == null;
    }

    public boolean remove(Object o) {
        return map.remove(o) == present;
    }

    public void clear() {
        map.clear();
    }

    public Object[] toArray() {
        Object[] r = new Object[map.size()];
        Iterator it = iterator();
        for (int i = 0; i < r.length; i++) {
            r[i] = it.next();
        }
        return r;
    }
}
