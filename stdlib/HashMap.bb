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
//     the table, as Java's treeifyBin does;
//   - iteration walks buckets in index order, each chain from its head.
// Not reproduced: Java turns a chain of 8 or more in a table of 64 or more
// buckets into a red-black tree, which moves the tree's root to the front of
// its bucket. Only such a bucket (8+ keys with equal hash & (n-1) in a large
// table, i.e. very poor hash codes) iterates in a different order than
// Java's; lookups are unaffected (they just stay linear in that bucket).
//
// Classes: HashMap, HashMapNode (an entry), HashMapIterator, HashMapKeySet,
// HashMapValues, HashMapEntrySet (the live views), HashSet (a HashMap whose
// values are a marker object, as in Java).
//
// Natives used (declared elsewhere, see NATIVES.md): Math.ceil, Object.hashCode
// (through the keys' hashCode).

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

public class HashMap extends Map {

    static final int DEFAULT_INITIAL_CAPACITY = 16;
    static final int MAXIMUM_CAPACITY = 1 << 30;
    static final float DEFAULT_LOAD_FACTOR = 0.75f;
    static final int TREEIFY_THRESHOLD = 8;
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
            HashMapNode e = tab[(tab.length - 1) & h];
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
            } else {
                int binCount = 0;
                boolean searching = true;
                while (searching) {
                    e = p.next;
                    if (e == null) {
                        p.next = new HashMapNode(hash, key, value, null);
                        if (binCount >= TREEIFY_THRESHOLD - 1) {
                            treeifyBin(tab);
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

    /** Java doubles a small table instead of building a tree bin (see the header). */
    private void treeifyBin(HashMapNode[] tab) {
        if (tab.length < MIN_TREEIFY_CAPACITY) {
            resize();
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
        HashMapNode e = removeNode(hash(key), key, null, false);
        return (e == null) ? null : e.value;
    }

    /** Unlinks the node for key (whose value must equal `value` if matchValue). */
    HashMapNode removeNode(int hash, Object key, Object value, boolean matchValue) {
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
        if (node != null) {
            Object v = node.value;
            if (!matchValue || v == value || (value != null && value.equals(v))) {
                if (node == p) {
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
        map.removeNode(p.hash, p.key, null, false);
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
        return map.removeNode(HashMap.hash(key), key, null, false) != null;
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
            return map.removeNode(HashMap.hash(key), key, e.getValue(), true) != null;
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
