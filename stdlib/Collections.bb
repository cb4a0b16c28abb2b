// Collections.bb — the skeleton of the collection classes, in Bamboo.
// Bamboo has no interfaces and no generics, so Java's interfaces become
// abstract classes holding Object elements (callers cast on the way out):
//   Iterator, Enumeration      Java 1.4 iteration protocols
//   Collection, List, Set      with Java's AbstractCollection/AbstractList/
//                              AbstractSet behaviour as default bodies
//   Map, MapEntry              Java's Map and Map.Entry (AbstractMap bodies)
//   ListItr, IteratorEnumeration   helpers (an index-based List iterator, and
//                              an Enumeration over an Iterator)
// The concrete classes live in Lists.bb (ArrayList, Vector, LinkedList),
// HashMap.bb (HashMap, HashSet) and Hashtable.bb (Hashtable).
//
// Where Java throws, these call BambooRuntime.error (Runtime.bb) with the
// exception's name, which ends the program. Iterators are fail-fast as in
// Java (ConcurrentModificationException).
//
// Natives: none of its own.

public abstract class Iterator {

    public Iterator() {
    }

    public abstract boolean hasNext();

    public abstract Object next();

    public void remove() {
        BambooRuntime.error("UnsupportedOperationException", "remove");
    }
}

public abstract class Enumeration {

    public Enumeration() {
    }

    public abstract boolean hasMoreElements();

    public abstract Object nextElement();
}

/** An Enumeration that walks an Iterator. */
public class IteratorEnumeration extends Enumeration {

    private Iterator it;

    public IteratorEnumeration(Iterator it) {
        this.it = it;
    }

    public boolean hasMoreElements() {
        return it.hasNext();
    }

    public Object nextElement() {
        return it.next();
    }
}

public abstract class Collection {

    public Collection() {
    }

    public abstract int size();

    public abstract Iterator iterator();

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean contains(Object o) {
        Iterator it = iterator();
        if (o == null) {
            while (it.hasNext()) {
                if (it.next() == null) {
                    return true;
                }
            }
        } else {
            while (it.hasNext()) {
                if (o.equals(it.next())) {
                    return true;
                }
            }
        }
        return false;
    }

    public Object[] toArray() {
        Object[] r = new Object[size()];
        Iterator it = iterator();
        for (int i = 0; i < r.length; i++) {
            r[i] = it.next();
        }
        return r;
    }

    public boolean add(Object e) {
        BambooRuntime.error("UnsupportedOperationException", null);
        return false;
    }

    public boolean remove(Object o) {
        Iterator it = iterator();
        if (o == null) {
            while (it.hasNext()) {
                if (it.next() == null) {
                    it.remove();
                    return true;
                }
            }
        } else {
            while (it.hasNext()) {
                if (o.equals(it.next())) {
                    it.remove();
                    return true;
                }
            }
        }
        return false;
    }

    public boolean containsAll(Collection c) {
        Iterator it = c.iterator();
        while (it.hasNext()) {
            if (!contains(it.next())) {
                return false;
            }
        }
        return true;
    }

    public boolean addAll(Collection c) {
        boolean modified = false;
        Iterator it = c.iterator();
        while (it.hasNext()) {
            if (add(it.next())) {
                modified = true;
            }
        }
        return modified;
    }

    public boolean removeAll(Collection c) {
        boolean modified = false;
        Iterator it = iterator();
        while (it.hasNext()) {
            if (c.contains(it.next())) {
                it.remove();
                modified = true;
            }
        }
        return modified;
    }

    public boolean retainAll(Collection c) {
        boolean modified = false;
        Iterator it = iterator();
        while (it.hasNext()) {
            if (!c.contains(it.next())) {
                it.remove();
                modified = true;
            }
        }
        return modified;
    }

    public void clear() {
        Iterator it = iterator();
        while (it.hasNext()) {
            it.next();
            it.remove();
        }
    }

    /** "[a, b, c]", as Java's AbstractCollection.toString. */
    public String toString() {
        Iterator it = iterator();
        if (!it.hasNext()) {
            return "[]";
        }
        StringBuilder sb = new StringBuilder();
        sb.append('[');
        boolean more = true;
        while (more) {
            Object e = it.next();
            if (e == this) {
                sb.append("(this Collection)");
            } else {
                sb.append(e);
            }
            more = it.hasNext();
            if (more) {
                sb.append(',').append(' ');
            }
        }
        sb.append(']');
        return sb.toString();
    }
}

public abstract class List extends Collection {

    /** Structural modifications so far; iterators use it to fail fast. */
    protected int modCount;

    public List() {
        modCount = 0;
    }

    public abstract Object get(int index);

    public Object set(int index, Object element) {
        BambooRuntime.error("UnsupportedOperationException", null);
        return null;
    }

    public void add(int index, Object element) {
        BambooRuntime.error("UnsupportedOperationException", null);
    }

    public Object remove(int index) {
        BambooRuntime.error("UnsupportedOperationException", null);
        return null;
    }

    public boolean add(Object e) {
        add(size(), e);
        return true;
    }

    public boolean addAll(int index, Collection c) {
        if (index < 0 || index > size()) {
            BambooRuntime.error("IndexOutOfBoundsException", "Index: " + index + ", Size: " + size());
        }
        boolean modified = false;
        Iterator it = c.iterator();
        while (it.hasNext()) {
            add(index, it.next());
            index++;
            modified = true;
        }
        return modified;
    }

    public int indexOf(Object o) {
        int n = size();
        for (int i = 0; i < n; i++) {
            Object e = get(i);
            if (o == null ? e == null : o.equals(e)) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        for (int i = size() - 1; i >= 0; i--) {
            Object e = get(i);
            if (o == null ? e == null : o.equals(e)) {
                return i;
            }
        }
        return -1;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public Iterator iterator() {
        return new ListItr(this);
    }

    public void clear() {
        for (int i = size() - 1; i >= 0; i--) {
            remove(i);
        }
    }

    /** Equal to any List with equal elements in the same order. */
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof List)) {
            return false;
        }
        List other = (List) o;
        Iterator e1 = iterator();
        Iterator e2 = other.iterator();
        while (e1.hasNext() && e2.hasNext()) {
            Object o1 = e1.next();
            Object o2 = e2.next();
            if (!(o1 == null ? o2 == null : o1.equals(o2))) {
                return false;
            }
        }
        return !(e1.hasNext() || e2.hasNext());
    }

    public int hashCode() {
        int hashCode = 1;
        Iterator it = iterator();
        while (it.hasNext()) {
            Object e = it.next();
            hashCode = 31 * hashCode + (e == null ? 0 : e.hashCode());
        }
        return hashCode;
    }
}

/** A fail-fast iterator over any List, by index (Java's AbstractList.Itr). */
public class ListItr extends Iterator {

    private List list;
    private int cursor;
    private int lastRet;
    private int expectedModCount;

    public ListItr(List list) {
        this.list = list;
        cursor = 0;
        lastRet = -1;
        expectedModCount = list.modCount;
    }

    public boolean hasNext() {
        return cursor != list.size();
    }

    public Object next() {
        if (list.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        int i = cursor;
        if (i >= list.size()) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        Object next = list.get(i);
        lastRet = i;
        cursor = i + 1;
        return next;
    }

    public void remove() {
        if (lastRet < 0) {
            BambooRuntime.error("IllegalStateException", null);
        }
        if (list.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        list.remove(lastRet);
        cursor = lastRet;
        lastRet = -1;
        expectedModCount = list.modCount;
    }
}

public abstract class Set extends Collection {

    public Set() {
    }

    /** Equal to any Set of the same size containing the same elements. */
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Set)) {
            return false;
        }
        Collection c = (Collection) o;
        if (c.size() != size()) {
            return false;
        }
        return containsAll(c);
    }

    /** The sum of the elements' hash codes (null counts 0). */
    public int hashCode() {
        int h = 0;
        Iterator it = iterator();
        while (it.hasNext()) {
            Object obj = it.next();
            if (obj != null) {
                h += obj.hashCode();
            }
        }
        return h;
    }
}

/** A key-value pair of a Map (Java's Map.Entry). */
public abstract class MapEntry {

    public MapEntry() {
    }

    public abstract Object getKey();

    public abstract Object getValue();

    public abstract Object setValue(Object value);

    public boolean equals(Object o) {
        if (!(o instanceof MapEntry)) {
            return false;
        }
        MapEntry e = (MapEntry) o;
        Object k1 = getKey();
        Object k2 = e.getKey();
        Object v1 = getValue();
        Object v2 = e.getValue();
        return (k1 == null ? k2 == null : k1.equals(k2))
                && (v1 == null ? v2 == null : v1.equals(v2));
    }

    public int hashCode() {
        Object k = getKey();
        Object v = getValue();
        return (k == null ? 0 : k.hashCode()) ^ (v == null ? 0 : v.hashCode());
    }

    public String toString() {
        return getKey() + "=" + getValue();
    }
}

public abstract class Map {

    public Map() {
    }

    public abstract int size();

    public abstract Object get(Object key);

    public abstract Object put(Object key, Object value);

    public abstract Object remove(Object key);

    public abstract boolean containsKey(Object key);

    public abstract void clear();

    /** A live view of the keys, in the map's iteration order. */
    public abstract Set keySet();

    /** A live view of the values, in the map's iteration order. */
    public abstract Collection values();

    /** A live view of the MapEntry pairs, in the map's iteration order. */
    public abstract Set entrySet();

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean containsValue(Object value) {
        Iterator it = entrySet().iterator();
        while (it.hasNext()) {
            Object v = ((MapEntry) it.next()).getValue();
            if (value == null ? v == null : value.equals(v)) {
                return true;
            }
        }
        return false;
    }

    public Object getOrDefault(Object key, Object defaultValue) {
        Object v = get(key);
        if (v != null || containsKey(key)) {
            return v;
        }
        return defaultValue;
    }

    public Object putIfAbsent(Object key, Object value) {
        Object v = get(key);
        if (v == null) {
            v = put(key, value);
        }
        return v;
    }

    public void putAll(Map m) {
        Iterator it = m.entrySet().iterator();
        while (it.hasNext()) {
            MapEntry e = (MapEntry) it.next();
            put(e.getKey(), e.getValue());
        }
    }

    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map)) {
            return false;
        }
        Map m = (Map) o;
        if (m.size() != size()) {
            return false;
        }
        Iterator it = entrySet().iterator();
        while (it.hasNext()) {
            MapEntry e = (MapEntry) it.next();
            Object key = e.getKey();
            Object value = e.getValue();
            if (value == null) {
                if (!(m.get(key) == null && m.containsKey(key))) {
                    return false;
                }
            } else {
                if (!value.equals(m.get(key))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The sum of the entries' hash codes. */
    public int hashCode() {
        int h = 0;
        Iterator it = entrySet().iterator();
        while (it.hasNext()) {
            h += it.next().hashCode();
        }
        return h;
    }

    /** "{k1=v1, k2=v2}", as Java's AbstractMap.toString. */
    public String toString() {
        Iterator it = entrySet().iterator();
        if (!it.hasNext()) {
            return "{}";
        }
        StringBuilder sb = new StringBuilder();
        sb.append('{');
        boolean more = true;
        while (more) {
            MapEntry e = (MapEntry) it.next();
            Object key = e.getKey();
            Object value = e.getValue();
            if (key == this) {
                sb.append("(this Map)");
            } else {
                sb.append(key);
            }
            sb.append('=');
            if (value == this) {
                sb.append("(this Map)");
            } else {
                sb.append(value);
            }
            more = it.hasNext();
            if (more) {
                sb.append(',').append(' ');
            }
        }
        sb.append('}');
        return sb.toString();
    }
}
