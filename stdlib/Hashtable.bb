// Hashtable.bb — `Hashtable` (java.util.Hashtable, the original
// distribution's map), in Bamboo, laid out exactly as Java's so that
// iteration order is Java's for the same hash codes:
//   - 11 buckets by default, load factor 0.75, threshold (int)(cap * lf);
//   - bucket = (key.hashCode() & 0x7FFFFFFF) % table.length (no spreading);
//   - a new key goes at the head of its bucket's chain, after a rehash if
//     count >= threshold; a rehash grows to 2 * cap + 1 buckets, moving the
//     old buckets from last to first, each chain head first, to the heads of
//     the new chains;
//   - keys(), elements() and the views walk buckets from the LAST to the
//     first, each chain from its head.
// Null keys and null values are errors (NullPointerException), as in Java.
//
// Classes: Hashtable, HashtableEntry, HashtableIterator (also behind keys()
// and elements()), HashtableKeySet, HashtableValues, HashtableEntrySet.
//
// Natives: none of its own.

public class HashtableEntry extends MapEntry {

    int hash;
    Object key;
    Object value;
    HashtableEntry next;

    HashtableEntry(int hash, Object key, Object value, HashtableEntry next) {
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
        if (newValue == null) {
            BambooRuntime.error("NullPointerException", null);
        }
        Object oldValue = value;
        value = newValue;
        return oldValue;
    }
}

public class Hashtable extends Map {

    private static final int MAX_ARRAY_SIZE = 2147483639;

    HashtableEntry[] table;
    int count;
    int threshold;
    float loadFactor;
    int modCount;

    public Hashtable() {
        this(11, 0.75f);
    }

    public Hashtable(int initialCapacity) {
        this(initialCapacity, 0.75f);
    }

    public Hashtable(int initialCapacity, float loadFactor) {
        if (initialCapacity < 0) {
            BambooRuntime.error("IllegalArgumentException", "Illegal Capacity: " + initialCapacity);
        }
        if (loadFactor <= 0 || loadFactor != loadFactor) {
            BambooRuntime.error("IllegalArgumentException", "Illegal Load: " + loadFactor);
        }
        if (initialCapacity == 0) {
            initialCapacity = 1;
        }
        this.loadFactor = loadFactor;
        table = new HashtableEntry[initialCapacity];
        threshold = (int) Math.min(initialCapacity * loadFactor, (float) (MAX_ARRAY_SIZE + 1));
        count = 0;
        modCount = 0;
    }

    public Hashtable(Map t) {
        this(Math.max(2 * t.size(), 11), 0.75f);
        putAll(t);
    }

    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public Enumeration keys() {
        return new IteratorEnumeration(new HashtableIterator(this, HashtableIterator.KEYS, false));
    }

    public Enumeration elements() {
        return new IteratorEnumeration(new HashtableIterator(this, HashtableIterator.VALUES, false));
    }

    /** Whether some key maps to `value` (Java 1.0's name for containsValue). */
    public boolean contains(Object value) {
        if (value == null) {
            BambooRuntime.error("NullPointerException", null);
        }
        HashtableEntry[] tab = table;
        for (int i = tab.length - 1; i >= 0; i--) {
            for (HashtableEntry e = tab[i]; e != null; e = e.next) {
                if (e.value.equals(value)) {
                    return true;
                }
            }
        }
        return false;
    }

    public boolean containsValue(Object value) {
        return contains(value);
    }

    public boolean containsKey(Object key) {
        HashtableEntry[] tab = table;
        int hash = key.hashCode();
        int index = (hash & 0x7FFFFFFF) % tab.length;
        for (HashtableEntry e = tab[index]; e != null; e = e.next) {
            if ((e.hash == hash) && e.key.equals(key)) {
                return true;
            }
        }
        return false;
    }

    public Object get(Object key) {
        HashtableEntry[] tab = table;
        int hash = key.hashCode();
        int index = (hash & 0x7FFFFFFF) % tab.length;
        for (HashtableEntry e = tab[index]; e != null; e = e.next) {
            if ((e.hash == hash) && e.key.equals(key)) {
                return e.value;
            }
        }
        return null;
    }

    protected void rehash() {
        int oldCapacity = table.length;
        HashtableEntry[] oldMap = table;
        int newCapacity = (oldCapacity << 1) + 1;
        if (newCapacity - MAX_ARRAY_SIZE > 0) {
            if (oldCapacity == MAX_ARRAY_SIZE) {
                return;
            }
            newCapacity = MAX_ARRAY_SIZE;
        }
        HashtableEntry[] newMap = new HashtableEntry[newCapacity];
        modCount++;
        threshold = (int) Math.min(newCapacity * loadFactor, (float) (MAX_ARRAY_SIZE + 1));
        table = newMap;
        for (int i = oldCapacity - 1; i >= 0; i--) {
            HashtableEntry old = oldMap[i];
            while (old != null) {
                HashtableEntry e = old;
                old = old.next;
                int index = (e.hash & 0x7FFFFFFF) % newCapacity;
                e.next = newMap[index];
                newMap[index] = e;
            }
        }
    }

    private void addEntry(int hash, Object key, Object value, int index) {
        HashtableEntry[] tab = table;
        if (count >= threshold) {
            rehash();
            tab = table;
            hash = key.hashCode();
            index = (hash & 0x7FFFFFFF) % tab.length;
        }
        HashtableEntry e = tab[index];
        tab[index] = new HashtableEntry(hash, key, value, e);
        count++;
        modCount++;
    }

    public Object put(Object key, Object value) {
        if (value == null) {
            BambooRuntime.error("NullPointerException", null);
        }
        HashtableEntry[] tab = table;
        int hash = key.hashCode();
        int index = (hash & 0x7FFFFFFF) % tab.length;
        for (HashtableEntry entry = tab[index]; entry != null; entry = entry.next) {
            if ((entry.hash == hash) && entry.key.equals(key)) {
                Object old = entry.value;
                entry.value = value;
                return old;
            }
        }
        addEntry(hash, key, value, index);
        return null;
    }

    public Object remove(Object key) {
        HashtableEntry[] tab = table;
        int hash = key.hashCode();
        int index = (hash & 0x7FFFFFFF) % tab.length;
        HashtableEntry prev = null;
        for (HashtableEntry e = tab[index]; e != null; e = e.next) {
            if ((e.hash == hash) && e.key.equals(key)) {
                if (prev != null) {
                    prev.next = e.next;
                } else {
                    tab[index] = e.next;
                }
                modCount++;
                count--;
                Object oldValue = e.value;
                e.value = null;
                return oldValue;
            }
            prev = e;
        }
        return null;
    }

    /** Removes the entry for key only if it maps to `value`. */
    boolean removeMapping(Object key, Object value) {
        HashtableEntry[] tab = table;
        int hash = key.hashCode();
        int index = (hash & 0x7FFFFFFF) % tab.length;
        HashtableEntry prev = null;
        for (HashtableEntry e = tab[index]; e != null; e = e.next) {
            if ((e.hash == hash) && e.key.equals(key) && e.value.equals(value)) {
                if (prev != null) {
                    prev.next = e.next;
                } else {
                    tab[index] = e.next;
                }
                e.value = null;
                modCount++;
                count--;
                return true;
            }
            prev = e;
        }
        return false;
    }

    public Object getOrDefault(Object key, Object defaultValue) {
        Object result = get(key);
        return (result == null) ? defaultValue : result;
    }

    public void clear() {
        HashtableEntry[] tab = table;
        for (int index = tab.length - 1; index >= 0; index--) {
            tab[index] = null;
        }
        modCount++;
        count = 0;
    }

    public Set keySet() {
        return new HashtableKeySet(this);
    }

    public Collection values() {
        return new HashtableValues(this);
    }

    public Set entrySet() {
        return new HashtableEntrySet(this);
    }
}

/**
 * Walks a Hashtable from its last bucket to its first: keys (type 0),
 * values (1) or entries (2). As an Iterator (checkMod) it is fail-fast and
 * supports remove(); behind keys()/elements() it is neither, as in Java.
 */
public class HashtableIterator extends Iterator {

    static final int KEYS = 0;
    static final int VALUES = 1;
    static final int ENTRIES = 2;

    private Hashtable owner;
    private HashtableEntry[] table;
    private int index;
    private HashtableEntry entry;
    private HashtableEntry lastReturned;
    private int type;
    private boolean checkMod;
    private int expectedModCount;

    public HashtableIterator(Hashtable owner, int type, boolean checkMod) {
        this.owner = owner;
        this.table = owner.table;
        this.index = table.length;
        this.entry = null;
        this.lastReturned = null;
        this.type = type;
        this.checkMod = checkMod;
        this.expectedModCount = owner.modCount;
    }

    public boolean hasNext() {
        HashtableEntry e = entry;
        int i = index;
        HashtableEntry[] t = table;
        while (e == null && i > 0) {
            i--;
            e = t[i];
        }
        entry = e;
        index = i;
        return e != null;
    }

    public Object next() {
        if (checkMod && owner.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        HashtableEntry et = entry;
        int i = index;
        HashtableEntry[] t = table;
        while (et == null && i > 0) {
            i--;
            et = t[i];
        }
        entry = et;
        index = i;
        if (et == null) {
            BambooRuntime.error("NoSuchElementException", "Hashtable Enumerator");
        }
        lastReturned = et;
        entry = et.next;
        if (type == KEYS) {
            return et.key;
        }
        if (type == VALUES) {
            return et.value;
        }
        return et;
    }

    public void remove() {
        if (!checkMod) {
            BambooRuntime.error("UnsupportedOperationException", null);
        }
        if (lastReturned == null) {
            BambooRuntime.error("IllegalStateException", "Hashtable Enumerator");
        }
        if (owner.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        HashtableEntry[] tab = owner.table;
        int idx = (lastReturned.hash & 0x7FFFFFFF) % tab.length;
        HashtableEntry prev = null;
        for (HashtableEntry e = tab[idx]; e != null; e = e.next) {
            if (e == lastReturned) {
                if (prev == null) {
                    tab[idx] = e.next;
                } else {
                    prev.next = e.next;
                }
                expectedModCount++;
                lastReturned = null;
                owner.modCount++;
                owner.count--;
                return;
            }
            prev = e;
        }
        BambooRuntime.error("ConcurrentModificationException", null);
    }
}

/** Hashtable.keySet(): a live view. */
public class HashtableKeySet extends Set {

    private Hashtable owner;

    public HashtableKeySet(Hashtable owner) {
        this.owner = owner;
    }

    public Iterator iterator() {
        return new HashtableIterator(owner, HashtableIterator.KEYS, true);
    }

    public int size() {
        return owner.count;
    }

    public boolean contains(Object o) {
        return owner.containsKey(o);
    }

    public boolean remove(Object o) {
        return owner.remove(o) != null;
    }

    public void clear() {
        owner.clear();
    }
}

/** Hashtable.values(): a live view. */
public class HashtableValues extends Collection {

    private Hashtable owner;

    public HashtableValues(Hashtable owner) {
        this.owner = owner;
    }

    public Iterator iterator() {
        return new HashtableIterator(owner, HashtableIterator.VALUES, true);
    }

    public int size() {
        return owner.count;
    }

    public boolean contains(Object o) {
        return owner.containsValue(o);
    }

    public void clear() {
        owner.clear();
    }
}

/** Hashtable.entrySet(): a live view whose elements are the HashtableEntries. */
public class HashtableEntrySet extends Set {

    private Hashtable owner;

    public HashtableEntrySet(Hashtable owner) {
        this.owner = owner;
    }

    public Iterator iterator() {
        return new HashtableIterator(owner, HashtableIterator.ENTRIES, true);
    }

    public int size() {
        return owner.count;
    }

    public boolean contains(Object o) {
        if (!(o instanceof MapEntry)) {
            return false;
        }
        MapEntry entry = (MapEntry) o;
        Object key = entry.getKey();
        HashtableEntry[] tab = owner.table;
        int hash = key.hashCode();
        int index = (hash & 0x7FFFFFFF) % tab.length;
        for (HashtableEntry e = tab[index]; e != null; e = e.next) {
            if (e.hash == hash && e.equals(entry)) {
                return true;
            }
        }
        return false;
    }

    public boolean remove(Object o) {
        if (!(o instanceof MapEntry)) {
            return false;
        }
        MapEntry entry = (MapEntry) o;
        return owner.removeMapping(entry.getKey(), entry.getValue());
    }

    public void clear() {
        owner.clear();
    }
}
