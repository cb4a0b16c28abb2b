// StringBuilder.bb — `StringBuilder`: a growable sequence of chars, as
// java.lang.StringBuilder, written in Bamboo over a char[] buffer.
// StringBuffer.bb holds `StringBuffer`, the same code under the original
// distribution's name (keep the two files in step).
//
// Natives used (declared elsewhere, see NATIVES.md): String(char[], int, int),
// String.getChars, String.length, Float.toString, Double.toString.
// Growth follows Java: capacity 16 by default, str.length() + 16 when built
// from a string, and max(needed, 2 * capacity + 2) when full, so capacity()
// reports what JDK 8-17 report (JDK 25's compact strings can report other
// capacities once non-Latin-1 text is appended; the contents never differ).

public class StringBuilder {

    private char[] value;
    private int count;

    public StringBuilder() {
        value = new char[16];
        count = 0;
    }

    public StringBuilder(int capacity) {
        if (capacity < 0) {
            BambooRuntime.error("NegativeArraySizeException", "" + capacity);
        }
        value = new char[capacity];
        count = 0;
    }

    public StringBuilder(String str) {
        value = new char[str.length() + 16];
        count = 0;
        append(str);
    }

    // ---- size and capacity ----

    public int length() {
        return count;
    }

    public int capacity() {
        return value.length;
    }

    public void ensureCapacity(int minimumCapacity) {
        if (minimumCapacity > 0) {
            ensureCapacityInternal(minimumCapacity);
        }
    }

    private void ensureCapacityInternal(int minimumCapacity) {
        int oldCapacity = value.length;
        if (minimumCapacity - oldCapacity > 0) {
            int newCapacity = (oldCapacity << 1) + 2;
            if (newCapacity - minimumCapacity < 0) {
                newCapacity = minimumCapacity;
            }
            if (newCapacity < 0) {
                BambooRuntime.error("OutOfMemoryError", "Requested array size exceeds VM limit");
            }
            char[] bigger = new char[newCapacity];
            System.arraycopy(value, 0, bigger, 0, count);
            value = bigger;
        }
    }

    public void trimToSize() {
        if (count < value.length) {
            char[] smaller = new char[count];
            System.arraycopy(value, 0, smaller, 0, count);
            value = smaller;
        }
    }

    public void setLength(int newLength) {
        if (newLength < 0) {
            BambooRuntime.error("StringIndexOutOfBoundsException", "length " + newLength);
        }
        ensureCapacityInternal(newLength);
        for (int i = count; i < newLength; i++) {
            value[i] = '\u0000';
        }
        count = newLength;
    }

    // ---- reading ----

    public char charAt(int index) {
        checkIndex(index);
        return value[index];
    }

    public void setCharAt(int index, char ch) {
        checkIndex(index);
        value[index] = ch;
    }

    public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
        checkRange(srcBegin, srcEnd);
        System.arraycopy(value, srcBegin, dst, dstBegin, srcEnd - srcBegin);
    }

    public String substring(int start) {
        return substring(start, count);
    }

    public String substring(int start, int end) {
        checkRange(start, end);
        return new String(value, start, end - start);
    }

    public int indexOf(String str) {
        return toString().indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        return toString().indexOf(str, fromIndex);
    }

    public int lastIndexOf(String str) {
        return toString().lastIndexOf(str, count);
    }

    public int lastIndexOf(String str, int fromIndex) {
        return toString().lastIndexOf(str, fromIndex);
    }

    public String toString() {
        return new String(value, 0, count);
    }

    // ---- append ----

    public StringBuilder append(String str) {
        if (str == null) {
            str = "null";
        }
        int len = str.length();
        ensureCapacityInternal(count + len);
        str.getChars(0, len, value, count);
        count += len;
        return this;
    }

    public StringBuilder append(Object obj) {
        return append(String.valueOf(obj));
    }

    public StringBuilder append(char[] str) {
        int len = str.length;
        ensureCapacityInternal(count + len);
        System.arraycopy(str, 0, value, count, len);
        count += len;
        return this;
    }

    public StringBuilder append(char[] str, int offset, int len) {
        if (offset < 0 || len < 0 || offset > str.length - len) {
            BambooRuntime.error("IndexOutOfBoundsException",
                    "offset " + offset + ", count " + len + ", length " + str.length);
        }
        ensureCapacityInternal(count + len);
        System.arraycopy(str, offset, value, count, len);
        count += len;
        return this;
    }

    public StringBuilder append(boolean b) {
        return append(b ? "true" : "false");
    }

    public StringBuilder append(char c) {
        ensureCapacityInternal(count + 1);
        value[count] = c;
        count++;
        return this;
    }

    public StringBuilder append(int i) {
        return append(Integer.toString(i));
    }

    public StringBuilder append(long l) {
        return append(Long.toString(l));
    }

    public StringBuilder append(float f) {
        return append(Float.toString(f));
    }

    public StringBuilder append(double d) {
        return append(Double.toString(d));
    }

    // ---- insert ----

    public StringBuilder insert(int offset, String str) {
        checkOffset(offset);
        if (str == null) {
            str = "null";
        }
        int len = str.length();
        ensureCapacityInternal(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        str.getChars(0, len, value, offset);
        count += len;
        return this;
    }

    public StringBuilder insert(int offset, char[] str) {
        checkOffset(offset);
        int len = str.length;
        ensureCapacityInternal(count + len);
        System.arraycopy(value, offset, value, offset + len, count - offset);
        System.arraycopy(str, 0, value, offset, len);
        count += len;
        return this;
    }

    public StringBuilder insert(int offset, Object obj) {
        return insert(offset, String.valueOf(obj));
    }

    public StringBuilder insert(int offset, boolean b) {
        return insert(offset, b ? "true" : "false");
    }

    public StringBuilder insert(int offset, char c) {
        checkOffset(offset);
        ensureCapacityInternal(count + 1);
        System.arraycopy(value, offset, value, offset + 1, count - offset);
        value[offset] = c;
        count++;
        return this;
    }

    public StringBuilder insert(int offset, int i) {
        return insert(offset, Integer.toString(i));
    }

    public StringBuilder insert(int offset, long l) {
        return insert(offset, Long.toString(l));
    }

    public StringBuilder insert(int offset, float f) {
        return insert(offset, Float.toString(f));
    }

    public StringBuilder insert(int offset, double d) {
        return insert(offset, Double.toString(d));
    }

    // ---- delete, replace, reverse ----

    public StringBuilder delete(int start, int end) {
        if (end > count) {
            end = count;
        }
        checkRange(start, end);
        int len = end - start;
        if (len > 0) {
            System.arraycopy(value, start + len, value, start, count - end);
            count -= len;
        }
        return this;
    }

    public StringBuilder deleteCharAt(int index) {
        checkIndex(index);
        System.arraycopy(value, index + 1, value, index, count - index - 1);
        count--;
        return this;
    }

    public StringBuilder replace(int start, int end, String str) {
        if (end > count) {
            end = count;
        }
        checkRange(start, end);
        int len = str.length();
        int newCount = count + len - (end - start);
        ensureCapacityInternal(newCount);
        System.arraycopy(value, end, value, start + len, count - end);
        str.getChars(0, len, value, start);
        count = newCount;
        return this;
    }

    /** Reverses the sequence; a valid surrogate pair stays in order (Java's rule). */
    public StringBuilder reverse() {
        boolean hasSurrogates = false;
        int n = count - 1;
        for (int j = (n - 1) >> 1; j >= 0; j--) {
            int k = n - j;
            char cj = value[j];
            char ck = value[k];
            value[j] = ck;
            value[k] = cj;
            if (Character.isSurrogate(cj) || Character.isSurrogate(ck)) {
                hasSurrogates = true;
            }
        }
        if (hasSurrogates) {
            for (int i = 0; i < count - 1; i++) {
                char c2 = value[i];
                if (Character.isLowSurrogate(c2)) {
                    char c1 = value[i + 1];
                    if (Character.isHighSurrogate(c1)) {
                        value[i] = c1;
                        i++;
                        value[i] = c2;
                    }
                }
            }
        }
        return this;
    }

    // ---- checks (Java's StringIndexOutOfBoundsException cases) ----

    private void checkIndex(int index) {
        if (index < 0 || index >= count) {
            BambooRuntime.error("StringIndexOutOfBoundsException",
                    "index " + index + ",length " + count);
        }
    }

    private void checkOffset(int offset) {
        if (offset < 0 || offset > count) {
            BambooRuntime.error("StringIndexOutOfBoundsException",
                    "offset " + offset + ", length " + count);
        }
    }

    private void checkRange(int start, int end) {
        if (start < 0 || start > end || end > count) {
            BambooRuntime.error("StringIndexOutOfBoundsException",
                    "start " + start + ", end " + end + ", length " + count);
        }
    }
}
