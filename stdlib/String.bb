// String.bb — `String`: an immutable sequence of UTF-16 code units, as
// java.lang.String.
//
// The run-time system owns the representation (the class declares no fields;
// literals, concatenation and the natives below build and read strings), so
// the compiler treats String as final and never lets a program extend it.
//
// Natives the C runtime must supply (see NATIVES.md):
//   constructors String(), String(String), String(char[]),
//     String(char[], int, int), String(byte[])   — "native constructors": the
//     bodies written here are empty placeholders; `new String(...)` is
//     compiled to the runtime's allocator for that signature
//   length, charAt, getChars, equals, hashCode, compareTo,
//   indexOf(int, int), indexOf(String, int), lastIndexOf(int, int),
//   lastIndexOf(String, int), substring(int, int), concat, toLowerCase,
//   toUpperCase, getBytes
// Everything else is written below in Bamboo over those natives.

public final class String {

    // ---- native constructors (bodies supplied by the runtime) ----

    /** The empty string. */
    public String() {
    }

    /** A string with the same characters as `original`. */
    public String(String original) {
    }

    /** A string holding a copy of the characters of `value`. */
    public String(char[] value) {
    }

    /** A string holding a copy of value[offset .. offset+count). */
    public String(char[] value, int offset, int count) {
    }

    /** The string `bytes` decode to as UTF-8 (malformed input becomes U+FFFD). */
    public String(byte[] bytes) {
    }

    // ---- natives ----

    public native int length();

    public native char charAt(int index);

    /** Copies chars [srcBegin, srcEnd) into dst starting at dstBegin. */
    public native void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin);

    public native boolean equals(Object anObject);

    /** s[0]*31^(n-1) + s[1]*31^(n-2) + ... + s[n-1], in int arithmetic. */
    public native int hashCode();

    public native int compareTo(String anotherString);

    public native int indexOf(int ch, int fromIndex);

    public native int indexOf(String str, int fromIndex);

    public native int lastIndexOf(int ch, int fromIndex);

    public native int lastIndexOf(String str, int fromIndex);

    public native String substring(int beginIndex, int endIndex);

    public native String concat(String str);

    public native String toLowerCase();

    public native String toUpperCase();

    /** The UTF-8 encoding of this string (a lone surrogate encodes as '?'). */
    public native byte[] getBytes();

    // ---- written in Bamboo ----

    public String toString() {
        return this;
    }

    public boolean isEmpty() {
        return length() == 0;
    }

    public char[] toCharArray() {
        int n = length();
        char[] result = new char[n];
        getChars(0, n, result, 0);
        return result;
    }

    public String substring(int beginIndex) {
        return substring(beginIndex, length());
    }

    /** The original distribution's spelling of `substring(int, int)`. */
    public String subString(int beginIndex, int endIndex) {
        return substring(beginIndex, endIndex);
    }

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int lastIndexOf(int ch) {
        return lastIndexOf(ch, length() - 1);
    }

    public int lastIndexOf(String str) {
        return lastIndexOf(str, length());
    }

    public boolean contains(String s) {
        return indexOf(s, 0) >= 0;
    }

    public boolean startsWith(String prefix, int toffset) {
        int plen = prefix.length();
        if (toffset < 0 || toffset > length() - plen) {
            return false;
        }
        for (int i = 0; i < plen; i++) {
            if (charAt(toffset + i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, length() - suffix.length());
    }

    public boolean regionMatches(int toffset, String other, int ooffset, int len) {
        return regionMatches(false, toffset, other, ooffset, len);
    }

    public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
        if (ooffset < 0 || toffset < 0
                || (long) toffset > (long) length() - len
                || (long) ooffset > (long) other.length() - len) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            char c1 = charAt(toffset + i);
            char c2 = other.charAt(ooffset + i);
            if (c1 == c2) {
                continue;
            }
            if (!ignoreCase) {
                return false;
            }
            char u1 = Character.toUpperCase(c1);
            char u2 = Character.toUpperCase(c2);
            if (u1 == u2) {
                continue;
            }
            if (Character.toLowerCase(u1) == Character.toLowerCase(u2)) {
                continue;
            }
            return false;
        }
        return true;
    }

    public boolean equalsIgnoreCase(String anotherString) {
        if (this == anotherString) {
            return true;
        }
        return anotherString != null
                && anotherString.length() == length()
                && regionMatches(true, 0, anotherString, 0, length());
    }

    public int compareToIgnoreCase(String str) {
        int n1 = length();
        int n2 = str.length();
        int min = n1 < n2 ? n1 : n2;
        for (int i = 0; i < min; i++) {
            char c1 = charAt(i);
            char c2 = str.charAt(i);
            if (c1 != c2) {
                c1 = Character.toUpperCase(c1);
                c2 = Character.toUpperCase(c2);
                if (c1 != c2) {
                    c1 = Character.toLowerCase(c1);
                    c2 = Character.toLowerCase(c2);
                    if (c1 != c2) {
                        return c1 - c2;
                    }
                }
            }
        }
        return n1 - n2;
    }

    /** Removes leading and trailing characters <= ' ' (Java's trim, not strip). */
    public String trim() {
        int len = length();
        int st = 0;
        while (st < len && charAt(st) <= ' ') {
            st++;
        }
        while (st < len && charAt(len - 1) <= ' ') {
            len--;
        }
        return (st > 0 || len < length()) ? substring(st, len) : this;
    }

    /** Removes leading and trailing Character.isWhitespace characters. */
    public String strip() {
        int len = length();
        int st = 0;
        while (st < len && Character.isWhitespace(charAt(st))) {
            st++;
        }
        while (st < len && Character.isWhitespace(charAt(len - 1))) {
            len--;
        }
        return (st > 0 || len < length()) ? substring(st, len) : this;
    }

    public boolean isBlank() {
        int len = length();
        for (int i = 0; i < len; i++) {
            if (!Character.isWhitespace(charAt(i))) {
                return false;
            }
        }
        return true;
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar == newChar) {
            return this;
        }
        int i = indexOf(oldChar, 0);
        if (i < 0) {
            return this;
        }
        char[] buf = toCharArray();
        for (; i < buf.length; i++) {
            if (buf[i] == oldChar) {
                buf[i] = newChar;
            }
        }
        return new String(buf);
    }

    /** Replaces every occurrence of the literal `target`, left to right. */
    public String replace(String target, String replacement) {
        int tlen = target.length();
        int rlen = replacement.length();
        int len = length();
        int j = indexOf(target, 0);
        if (j < 0) {
            return this;
        }
        StringBuilder sb = new StringBuilder(len + rlen);
        if (tlen == 0) {
            // Java: the empty target matches before every char and at the end.
            for (int k = 0; k < len; k++) {
                sb.append(replacement);
                sb.append(charAt(k));
            }
            sb.append(replacement);
            return sb.toString();
        }
        int i = 0;
        while (j >= 0) {
            sb.append(substring(i, j));
            sb.append(replacement);
            i = j + tlen;
            j = indexOf(target, i);
        }
        sb.append(substring(i, len));
        return sb.toString();
    }

    public String repeat(int count) {
        if (count < 0) {
            BambooRuntime.error("IllegalArgumentException", "count is negative: " + count);
        }
        StringBuilder sb = new StringBuilder(length() * count);
        for (int i = 0; i < count; i++) {
            sb.append(this);
        }
        return sb.toString();
    }

    public String[] split(String regex) {
        return split(regex, 0);
    }

    /**
     * Splits around a literal separator (LANGUAGE.md section 3), with Java's
     * rules for `limit` and empty strings: with limit > 0 at most `limit`
     * pieces, the last holding the rest; with limit == 0 trailing empty
     * strings are dropped; a leading empty string is kept when the separator
     * matches at index 0; if the separator never matches the result is
     * {this}. As in Java, a two-character separator "\\c" where c is not an
     * ASCII letter or digit means c itself, and the empty separator splits
     * between every char. Regular-expression metacharacters in other
     * separators are matched literally (where Java would read a regex).
     */
    public String[] split(String regex, int limit) {
        String sep = regex;
        if (regex.length() == 2 && regex.charAt(0) == '\\') {
            char c = regex.charAt(1);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                sep = regex.substring(1);
            }
        }
        int len = length();
        int slen = sep.length();
        boolean limited = limit > 0;
        ArrayList list = new ArrayList();
        int index = 0;
        boolean matched = false;
        int searchFrom = 0;
        while (true) {
            // find the next match [start, end)
            int start;
            if (slen == 0) {
                // zero-width matches at 1 .. len (none produces a leading empty string)
                start = searchFrom == 0 ? 1 : searchFrom;
                if (start > len || len == 0) {
                    break;
                }
            } else {
                start = indexOf(sep, searchFrom);
                if (start < 0) {
                    break;
                }
            }
            int end = start + slen;
            matched = true;
            if (!limited || list.size() < limit - 1) {
                list.add(substring(index, start));
                index = end;
            } else {
                // the last piece takes the rest of the string
                list.add(substring(index, len));
                index = len;
                break;
            }
            searchFrom = slen == 0 ? start + 1 : end;
        }
        if (!matched) {
            String[] single = new String[1];
            single[0] = this;
            return single;
        }
        if (!limited || list.size() < limit) {
            list.add(substring(index, len));
        }
        int resultSize = list.size();
        if (limit == 0) {
            while (resultSize > 0 && ((String) list.get(resultSize - 1)).length() == 0) {
                resultSize--;
            }
        }
        String[] result = new String[resultSize];
        for (int i = 0; i < resultSize; i++) {
            result[i] = (String) list.get(i);
        }
        return result;
    }

    // ---- static conversions ----

    public static String valueOf(Object obj) {
        return (obj == null) ? "null" : obj.toString();
    }

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String copyValueOf(char[] data) {
        return new String(data);
    }

    public static String copyValueOf(char[] data, int offset, int count) {
        return new String(data, offset, count);
    }

    public static String valueOf(boolean b) {
        return b ? "true" : "false";
    }

    public static String valueOf(char c) {
        char[] data = new char[1];
        data[0] = c;
        return new String(data);
    }

    public static String valueOf(int i) {
        return Integer.toString(i);
    }

    public static String valueOf(long l) {
        return Long.toString(l);
    }

    public static String valueOf(float f) {
        return Float.toString(f);
    }

    public static String valueOf(double d) {
        return Double.toString(d);
    }
}
