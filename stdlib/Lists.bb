// Lists.bb — the list classes, in Bamboo over Object elements:
//   ArrayList        java.util.ArrayList (an Object[] that grows by half)
//   Vector           java.util.Vector, with the original distribution's
//                    Java 1.1 names (addElement, elementAt, ...) and Java's
//                    capacity rules (capacity() is observable)
//   VectorEnumeration  what Vector.elements() returns
//   LinkedList       java.util.LinkedList (doubly linked; also the Deque
//                    methods addFirst/peek/poll/push/pop/...)
//   LinkedListNode, LinkedListItr   its node and iterator
// The abstract List, Collection and Iterator are in Collections.bb.
//
// Natives used (declared elsewhere, see NATIVES.md): System.arraycopy.

public class ArrayList extends List {

    private Object[] elementData;
    private int count;

    public ArrayList() {
        elementData = new Object[0];
        count = 0;
    }

    public ArrayList(int initialCapacity) {
        if (initialCapacity < 0) {
            BambooRuntime.error("IllegalArgumentException", "Illegal Capacity: " + initialCapacity);
        }
        elementData = new Object[initialCapacity];
        count = 0;
    }

    public ArrayList(Collection c) {
        elementData = c.toArray();
        count = elementData.length;
    }

    private void grow(int minCapacity) {
        int oldCapacity = elementData.length;
        int newCapacity = oldCapacity + (oldCapacity >> 1);
        if (newCapacity < minCapacity) {
            newCapacity = minCapacity;
        }
        if (newCapacity < 10) {
            newCapacity = 10;
        }
        Object[] bigger = new Object[newCapacity];
        System.arraycopy(elementData, 0, bigger, 0, count);
        elementData = bigger;
    }

    public void ensureCapacity(int minCapacity) {
        if (minCapacity > elementData.length) {
            modCount++;
            grow(minCapacity);
        }
    }

    public void trimToSize() {
        modCount++;
        if (count < elementData.length) {
            Object[] smaller = new Object[count];
            System.arraycopy(elementData, 0, smaller, 0, count);
            elementData = smaller;
        }
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= count) {
            BambooRuntime.error("IndexOutOfBoundsException",
                    "Index " + index + " out of bounds for length " + count);
        }
    }

    private void checkIndexForAdd(int index) {
        if (index < 0 || index > count) {
            BambooRuntime.error("IndexOutOfBoundsException", "Index: " + index + ", Size: " + count);
        }
    }

    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public int indexOf(Object o) {
        if (o == null) {
            for (int i = 0; i < count; i++) {
                if (elementData[i] == null) {
                    return i;
                }
            }
        } else {
            for (int i = 0; i < count; i++) {
                if (o.equals(elementData[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        if (o == null) {
            for (int i = count - 1; i >= 0; i--) {
                if (elementData[i] == null) {
                    return i;
                }
            }
        } else {
            for (int i = count - 1; i >= 0; i--) {
                if (o.equals(elementData[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    public Object[] toArray() {
        Object[] r = new Object[count];
        System.arraycopy(elementData, 0, r, 0, count);
        return r;
    }

    public Object get(int index) {
        checkIndex(index);
        return elementData[index];
    }

    public Object set(int index, Object element) {
        checkIndex(index);
        Object oldValue = elementData[index];
        elementData[index] = element;
        return oldValue;
    }

    public boolean add(Object e) {
        modCount++;
        if (count == elementData.length) {
            grow(count + 1);
        }
        elementData[count] = e;
        count++;
        return true;
    }

    public void add(int index, Object element) {
        checkIndexForAdd(index);
        modCount++;
        if (count == elementData.length) {
            grow(count + 1);
        }
        System.arraycopy(elementData, index, elementData, index + 1, count - index);
        elementData[index] = element;
        count++;
    }

    public Object remove(int index) {
        checkIndex(index);
        Object oldValue = elementData[index];
        fastRemove(index);
        return oldValue;
    }

    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i < 0) {
            return false;
        }
        fastRemove(i);
        return true;
    }

    private void fastRemove(int i) {
        modCount++;
        int newSize = count - 1;
        if (newSize > i) {
            System.arraycopy(elementData, i + 1, elementData, i, newSize - i);
        }
        elementData[newSize] = null;
        count = newSize;
    }

    public void clear() {
        modCount++;
        for (int i = 0; i < count; i++) {
            elementData[i] = null;
        }
        count = 0;
    }

    public boolean addAll(Collection c) {
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) {
            return false;
        }
        if (numNew > elementData.length - count) {
            grow(count + numNew);
        }
        System.arraycopy(a, 0, elementData, count, numNew);
        count += numNew;
        return true;
    }

    public boolean addAll(int index, Collection c) {
        checkIndexForAdd(index);
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) {
            return false;
        }
        if (numNew > elementData.length - count) {
            grow(count + numNew);
        }
        int numMoved = count - index;
        if (numMoved > 0) {
            System.arraycopy(elementData, index, elementData, index + numNew, numMoved);
        }
        System.arraycopy(a, 0, elementData, index, numNew);
        count += numNew;
        return true;
    }

    /** Removes the elements in [fromIndex, toIndex). */
    public void removeRange(int fromIndex, int toIndex) {
        if (fromIndex > toIndex) {
            BambooRuntime.error("IndexOutOfBoundsException",
                    "From Index: " + fromIndex + " > To Index: " + toIndex);
        }
        if (fromIndex < 0 || toIndex > count) {
            BambooRuntime.error("IndexOutOfBoundsException",
                    "Range [" + fromIndex + ", " + toIndex + ") out of bounds for length " + count);
        }
        modCount++;
        System.arraycopy(elementData, toIndex, elementData, fromIndex, count - toIndex);
        int newSize = count - (toIndex - fromIndex);
        for (int i = newSize; i < count; i++) {
            elementData[i] = null;
        }
        count = newSize;
    }
}

public class Vector extends List {

    private Object[] elementData;
    private int elementCount;
    private int capacityIncrement;

    public Vector() {
        this(10, 0);
    }

    public Vector(int initialCapacity) {
        this(initialCapacity, 0);
    }

    public Vector(int initialCapacity, int capacityIncrement) {
        if (initialCapacity < 0) {
            BambooRuntime.error("IllegalArgumentException", "Illegal Capacity: " + initialCapacity);
        }
        this.elementData = new Object[initialCapacity];
        this.elementCount = 0;
        this.capacityIncrement = capacityIncrement;
    }

    public Vector(Collection c) {
        elementData = c.toArray();
        elementCount = elementData.length;
        capacityIncrement = 0;
    }

    // ---- capacity ----

    /** Grows by capacityIncrement if positive, else doubles; at least to minCapacity. */
    private void grow(int minCapacity) {
        int oldCapacity = elementData.length;
        int minGrowth = minCapacity - oldCapacity;
        int prefGrowth = capacityIncrement > 0 ? capacityIncrement : oldCapacity;
        int newCapacity = oldCapacity + (minGrowth > prefGrowth ? minGrowth : prefGrowth);
        Object[] bigger = new Object[newCapacity];
        System.arraycopy(elementData, 0, bigger, 0, elementCount);
        elementData = bigger;
    }

    public int capacity() {
        return elementData.length;
    }

    public void ensureCapacity(int minCapacity) {
        if (minCapacity > 0) {
            modCount++;
            if (minCapacity > elementData.length) {
                grow(minCapacity);
            }
        }
    }

    public void trimToSize() {
        modCount++;
        if (elementCount < elementData.length) {
            Object[] smaller = new Object[elementCount];
            System.arraycopy(elementData, 0, smaller, 0, elementCount);
            elementData = smaller;
        }
    }

    public void setSize(int newSize) {
        modCount++;
        if (newSize > elementData.length) {
            grow(newSize);
        }
        for (int i = newSize; i < elementCount; i++) {
            elementData[i] = null;
        }
        elementCount = newSize;
    }

    public int size() {
        return elementCount;
    }

    public boolean isEmpty() {
        return elementCount == 0;
    }

    // ---- Java 1.1 names ----

    public Enumeration elements() {
        return new VectorEnumeration(this);
    }

    public void copyInto(Object[] anArray) {
        System.arraycopy(elementData, 0, anArray, 0, elementCount);
    }

    public boolean contains(Object o) {
        return indexOf(o, 0) >= 0;
    }

    public int indexOf(Object o) {
        return indexOf(o, 0);
    }

    public int indexOf(Object o, int index) {
        if (o == null) {
            for (int i = index; i < elementCount; i++) {
                if (elementData[i] == null) {
                    return i;
                }
            }
        } else {
            for (int i = index; i < elementCount; i++) {
                if (o.equals(elementData[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        return lastIndexOf(o, elementCount - 1);
    }

    public int lastIndexOf(Object o, int index) {
        if (index >= elementCount) {
            BambooRuntime.error("IndexOutOfBoundsException", index + " >= " + elementCount);
        }
        if (o == null) {
            for (int i = index; i >= 0; i--) {
                if (elementData[i] == null) {
                    return i;
                }
            }
        } else {
            for (int i = index; i >= 0; i--) {
                if (o.equals(elementData[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    private void checkElementIndex(int index) {
        if (index >= elementCount) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException", index + " >= " + elementCount);
        }
        if (index < 0) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException",
                    "Array index out of range: " + index);
        }
    }

    public Object elementAt(int index) {
        checkElementIndex(index);
        return elementData[index];
    }

    public Object firstElement() {
        if (elementCount == 0) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        return elementData[0];
    }

    public Object lastElement() {
        if (elementCount == 0) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        return elementData[elementCount - 1];
    }

    public void setElementAt(Object obj, int index) {
        checkElementIndex(index);
        elementData[index] = obj;
    }

    public void removeElementAt(int index) {
        checkElementIndex(index);
        int j = elementCount - index - 1;
        if (j > 0) {
            System.arraycopy(elementData, index + 1, elementData, index, j);
        }
        modCount++;
        elementCount--;
        elementData[elementCount] = null;
    }

    public void insertElementAt(Object obj, int index) {
        if (index > elementCount) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException", index + " > " + elementCount);
        }
        if (index < 0) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException",
                    "Array index out of range: " + index);
        }
        modCount++;
        if (elementCount == elementData.length) {
            grow(elementCount + 1);
        }
        System.arraycopy(elementData, index, elementData, index + 1, elementCount - index);
        elementData[index] = obj;
        elementCount++;
    }

    public void addElement(Object obj) {
        modCount++;
        if (elementCount == elementData.length) {
            grow(elementCount + 1);
        }
        elementData[elementCount] = obj;
        elementCount++;
    }

    public boolean removeElement(Object obj) {
        modCount++;
        int i = indexOf(obj, 0);
        if (i >= 0) {
            removeElementAt(i);
            return true;
        }
        return false;
    }

    public void removeAllElements() {
        for (int i = 0; i < elementCount; i++) {
            elementData[i] = null;
        }
        modCount++;
        elementCount = 0;
    }

    // ---- List methods ----

    public Object[] toArray() {
        Object[] r = new Object[elementCount];
        System.arraycopy(elementData, 0, r, 0, elementCount);
        return r;
    }

    public Object get(int index) {
        checkElementIndex(index);
        return elementData[index];
    }

    public Object set(int index, Object element) {
        checkElementIndex(index);
        Object oldValue = elementData[index];
        elementData[index] = element;
        return oldValue;
    }

    public boolean add(Object e) {
        addElement(e);
        return true;
    }

    public void add(int index, Object element) {
        insertElementAt(element, index);
    }

    public boolean remove(Object o) {
        return removeElement(o);
    }

    public Object remove(int index) {
        modCount++;
        checkElementIndex(index);
        Object oldValue = elementData[index];
        int numMoved = elementCount - index - 1;
        if (numMoved > 0) {
            System.arraycopy(elementData, index + 1, elementData, index, numMoved);
        }
        elementCount--;
        elementData[elementCount] = null;
        return oldValue;
    }

    public void clear() {
        removeAllElements();
    }

    public boolean addAll(Collection c) {
        Object[] a = c.toArray();
        modCount++;
        int numNew = a.length;
        if (numNew == 0) {
            return false;
        }
        if (numNew > elementData.length - elementCount) {
            grow(elementCount + numNew);
        }
        System.arraycopy(a, 0, elementData, elementCount, numNew);
        elementCount += numNew;
        return true;
    }
}

/** The Enumeration of Vector.elements() (not fail-fast, as in Java). */
public class VectorEnumeration extends Enumeration {

    private Vector vector;
    private int index;

    public VectorEnumeration(Vector vector) {
        this.vector = vector;
        this.index = 0;
    }

    public boolean hasMoreElements() {
        return index < vector.size();
    }

    public Object nextElement() {
        if (index < vector.size()) {
            Object e = vector.elementAt(index);
            index++;
            return e;
        }
        BambooRuntime.error("NoSuchElementException", "Vector Enumeration");
        return null;
    }
}

public class LinkedListNode {

    Object item;
    LinkedListNode next;
    LinkedListNode prev;

    LinkedListNode(LinkedListNode prev, Object element, LinkedListNode next) {
        this.item = element;
        this.next = next;
        this.prev = prev;
    }
}

public class LinkedList extends List {

    int count;
    LinkedListNode first;
    LinkedListNode last;

    public LinkedList() {
        count = 0;
        first = null;
        last = null;
    }

    public LinkedList(Collection c) {
        this();
        addAll(c);
    }

    // ---- linking ----

    private void linkFirst(Object e) {
        LinkedListNode f = first;
        LinkedListNode newNode = new LinkedListNode(null, e, f);
        first = newNode;
        if (f == null) {
            last = newNode;
        } else {
            f.prev = newNode;
        }
        count++;
        modCount++;
    }

    void linkLast(Object e) {
        LinkedListNode l = last;
        LinkedListNode newNode = new LinkedListNode(l, e, null);
        last = newNode;
        if (l == null) {
            first = newNode;
        } else {
            l.next = newNode;
        }
        count++;
        modCount++;
    }

    private void linkBefore(Object e, LinkedListNode succ) {
        LinkedListNode pred = succ.prev;
        LinkedListNode newNode = new LinkedListNode(pred, e, succ);
        succ.prev = newNode;
        if (pred == null) {
            first = newNode;
        } else {
            pred.next = newNode;
        }
        count++;
        modCount++;
    }

    Object unlink(LinkedListNode x) {
        Object element = x.item;
        LinkedListNode next = x.next;
        LinkedListNode prev = x.prev;
        if (prev == null) {
            first = next;
        } else {
            prev.next = next;
            x.prev = null;
        }
        if (next == null) {
            last = prev;
        } else {
            next.prev = prev;
            x.next = null;
        }
        x.item = null;
        count--;
        modCount++;
        return element;
    }

    /** The node at a valid index, walking from the nearer end. */
    LinkedListNode node(int index) {
        if (index < (count >> 1)) {
            LinkedListNode x = first;
            for (int i = 0; i < index; i++) {
                x = x.next;
            }
            return x;
        } else {
            LinkedListNode x = last;
            for (int i = count - 1; i > index; i--) {
                x = x.prev;
            }
            return x;
        }
    }

    private void checkElementIndex(int index) {
        if (index < 0 || index >= count) {
            BambooRuntime.error("IndexOutOfBoundsException", "Index: " + index + ", Size: " + count);
        }
    }

    private void checkPositionIndex(int index) {
        if (index < 0 || index > count) {
            BambooRuntime.error("IndexOutOfBoundsException", "Index: " + index + ", Size: " + count);
        }
    }

    // ---- ends ----

    public Object getFirst() {
        if (first == null) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        return first.item;
    }

    public Object getLast() {
        if (last == null) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        return last.item;
    }

    public Object removeFirst() {
        if (first == null) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        return unlink(first);
    }

    public Object removeLast() {
        if (last == null) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        return unlink(last);
    }

    public void addFirst(Object e) {
        linkFirst(e);
    }

    public void addLast(Object e) {
        linkLast(e);
    }

    // ---- Queue and Deque names ----

    public Object peek() {
        return (first == null) ? null : first.item;
    }

    public Object peekFirst() {
        return (first == null) ? null : first.item;
    }

    public Object peekLast() {
        return (last == null) ? null : last.item;
    }

    public Object element() {
        return getFirst();
    }

    public Object poll() {
        return (first == null) ? null : unlink(first);
    }

    public Object pollFirst() {
        return (first == null) ? null : unlink(first);
    }

    public Object pollLast() {
        return (last == null) ? null : unlink(last);
    }

    public Object remove() {
        return removeFirst();
    }

    public boolean offer(Object e) {
        linkLast(e);
        return true;
    }

    public boolean offerFirst(Object e) {
        linkFirst(e);
        return true;
    }

    public boolean offerLast(Object e) {
        linkLast(e);
        return true;
    }

    public void push(Object e) {
        linkFirst(e);
    }

    public Object pop() {
        return removeFirst();
    }

    // ---- List methods ----

    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    public boolean add(Object e) {
        linkLast(e);
        return true;
    }

    public void add(int index, Object element) {
        checkPositionIndex(index);
        if (index == count) {
            linkLast(element);
        } else {
            linkBefore(element, node(index));
        }
    }

    public boolean remove(Object o) {
        LinkedListNode x = first;
        while (x != null) {
            if (o == null ? x.item == null : o.equals(x.item)) {
                unlink(x);
                return true;
            }
            x = x.next;
        }
        return false;
    }

    public Object remove(int index) {
        checkElementIndex(index);
        return unlink(node(index));
    }

    public Object get(int index) {
        checkElementIndex(index);
        return node(index).item;
    }

    public Object set(int index, Object element) {
        checkElementIndex(index);
        LinkedListNode x = node(index);
        Object oldVal = x.item;
        x.item = element;
        return oldVal;
    }

    public int indexOf(Object o) {
        int index = 0;
        LinkedListNode x = first;
        while (x != null) {
            if (o == null ? x.item == null : o.equals(x.item)) {
                return index;
            }
            index++;
            x = x.next;
        }
        return -1;
    }

    public int lastIndexOf(Object o) {
        int index = count;
        LinkedListNode x = last;
        while (x != null) {
            index--;
            if (o == null ? x.item == null : o.equals(x.item)) {
                return index;
            }
            x = x.prev;
        }
        return -1;
    }

    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    public void clear() {
        LinkedListNode x = first;
        while (x != null) {
            LinkedListNode next = x.next;
            x.item = null;
            x.next = null;
            x.prev = null;
            x = next;
        }
        first = null;
        last = null;
        count = 0;
        modCount++;
    }

    public Object[] toArray() {
        Object[] result = new Object[count];
        int i = 0;
        for (LinkedListNode x = first; x != null; x = x.next) {
            result[i] = x.item;
            i++;
        }
        return result;
    }

    public Iterator iterator() {
        return new LinkedListItr(this);
    }
}

/** A fail-fast iterator over a LinkedList, following the links. */
public class LinkedListItr extends Iterator {

    private LinkedList list;
    private LinkedListNode lastReturned;
    private LinkedListNode nextNode;
    private int nextIndex;
    private int expectedModCount;

    public LinkedListItr(LinkedList list) {
        this.list = list;
        this.lastReturned = null;
        this.nextNode = list.first;
        this.nextIndex = 0;
        this.expectedModCount = list.modCount;
    }

    public boolean hasNext() {
        return nextIndex < list.count;
    }

    public Object next() {
        if (list.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        if (nextIndex >= list.count) {
            BambooRuntime.error("NoSuchElementException", null);
        }
        lastReturned = nextNode;
        nextNode = nextNode.next;
        nextIndex++;
        return lastReturned.item;
    }

    public void remove() {
        if (list.modCount != expectedModCount) {
            BambooRuntime.error("ConcurrentModificationException", null);
        }
        if (lastReturned == null) {
            BambooRuntime.error("IllegalStateException", null);
        }
        LinkedListNode lastNext = lastReturned.next;
        list.unlink(lastReturned);
        if (nextNode == lastReturned) {
            nextNode = lastNext;
        } else {
            nextIndex--;
        }
        lastReturned = null;
        expectedModCount++;
    }
}
