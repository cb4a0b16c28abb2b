// Arrays.bb — `Arrays`: static helpers over arrays, in Bamboo, with
// java.util.Arrays' names and results: fill, copyOf, copyOfRange, equals,
// toString, sort and binarySearch for the primitive types, plus
// fill/equals/toString over Object[] and sort(String[]).
// Sorting is a stable merge sort (insertion-sorted runs of 16, then merge
// passes), so it gives Java's result: for primitives the sorted order is
// unique (doubles and floats in Double.compare's order: -0.0 before 0.0,
// NaN last), and String[] sorts by compareTo, stably like Java's TimSort.
// Not provided: copyOf(Object[]) (Java returns an array of the argument's
// run-time type, which a library without generics cannot express), asList,
// and sort(Object[]) (no Comparable without interfaces).
//
// Natives used (declared elsewhere, see NATIVES.md): System.arraycopy,
// Double.doubleToRawLongBits, Float.floatToRawIntBits. Native here:
// equals(byte[], int, int, byte[], int, int).

public class Arrays {

    private Arrays() {
    }

    private static void rangeCheck(int arrayLength, int fromIndex, int toIndex) {
        if (fromIndex > toIndex) {
            BambooRuntime.error("IllegalArgumentException",
                    "fromIndex(" + fromIndex + ") > toIndex(" + toIndex + ")");
        }
        if (fromIndex < 0) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException",
                    "Array index out of range: " + fromIndex);
        }
        if (toIndex > arrayLength) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException",
                    "Array index out of range: " + toIndex);
        }
    }

    private static void checkLength(int newLength) {
        if (newLength < 0) {
            BambooRuntime.error("NegativeArraySizeException", "" + newLength);
        }
    }

    private static void checkCopyRange(int originalLength, int from, int to) {
        if (from > to) {
            BambooRuntime.error("IllegalArgumentException", from + " > " + to);
        }
        if (from < 0 || from > originalLength) {
            BambooRuntime.error("ArrayIndexOutOfBoundsException",
                    "Array index out of range: " + from);
        }
    }

    private static boolean lessEq(double x, double y) {
        if (x < y) {
            return true;
        }
        if (x > y) {
            return false;
        }
        return Double.compare(x, y) <= 0;
    }

    private static boolean lessEq(float x, float y) {
        if (x < y) {
            return true;
        }
        if (x > y) {
            return false;
        }
        return Float.compare(x, y) <= 0;
    }

    // ---- int[] ----

    public static void fill(int[] a, int val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(int[] a, int fromIndex, int toIndex, int val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static int[] copyOf(int[] original, int newLength) {
        checkLength(newLength);
        int[] copy = new int[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static int[] copyOfRange(int[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        int[] copy = new int[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(int[] a, int[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(int[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- long[] ----

    public static void fill(long[] a, long val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(long[] a, int fromIndex, int toIndex, long val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static long[] copyOf(long[] original, int newLength) {
        checkLength(newLength);
        long[] copy = new long[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static long[] copyOfRange(long[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        long[] copy = new long[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(long[] a, long[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(long[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- short[] ----

    public static void fill(short[] a, short val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(short[] a, int fromIndex, int toIndex, short val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static short[] copyOf(short[] original, int newLength) {
        checkLength(newLength);
        short[] copy = new short[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static short[] copyOfRange(short[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        short[] copy = new short[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(short[] a, short[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(short[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- byte[] ----

    public static void fill(byte[] a, byte val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(byte[] a, int fromIndex, int toIndex, byte val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static byte[] copyOf(byte[] original, int newLength) {
        checkLength(newLength);
        byte[] copy = new byte[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static byte[] copyOfRange(byte[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        byte[] copy = new byte[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(byte[] a, byte[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Java 9's range equality: whether a[aFrom, aTo) and b[bFrom, bTo)
     * hold the same bytes (NullPointerException for a null array, Java's
     * range errors as rangeCheck's). Native: one memcmp instead of a loop
     * whose exit mispredicts.
     */
    public static native boolean equals(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo);

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(byte[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- char[] ----

    public static void fill(char[] a, char val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(char[] a, int fromIndex, int toIndex, char val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static char[] copyOf(char[] original, int newLength) {
        checkLength(newLength);
        char[] copy = new char[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static char[] copyOfRange(char[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        char[] copy = new char[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(char[] a, char[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(char[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- float[] ----

    public static void fill(float[] a, float val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(float[] a, int fromIndex, int toIndex, float val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static float[] copyOf(float[] original, int newLength) {
        checkLength(newLength);
        float[] copy = new float[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static float[] copyOfRange(float[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        float[] copy = new float[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(float[] a, float[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (Float.floatToIntBits(a[i]) != Float.floatToIntBits(a2[i])) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(float[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- double[] ----

    public static void fill(double[] a, double val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(double[] a, int fromIndex, int toIndex, double val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static double[] copyOf(double[] original, int newLength) {
        checkLength(newLength);
        double[] copy = new double[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static double[] copyOfRange(double[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        double[] copy = new double[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(double[] a, double[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (Double.doubleToLongBits(a[i]) != Double.doubleToLongBits(a2[i])) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(double[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- boolean[] ----

    public static void fill(boolean[] a, boolean val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(boolean[] a, int fromIndex, int toIndex, boolean val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static boolean[] copyOf(boolean[] original, int newLength) {
        checkLength(newLength);
        boolean[] copy = new boolean[newLength];
        int n = original.length < newLength ? original.length : newLength;
        System.arraycopy(original, 0, copy, 0, n);
        return copy;
    }

    public static boolean[] copyOfRange(boolean[] original, int from, int to) {
        checkCopyRange(original.length, from, to);
        int newLength = to - from;
        boolean[] copy = new boolean[newLength];
        int n = original.length - from < newLength ? original.length - from : newLength;
        System.arraycopy(original, from, copy, 0, n);
        return copy;
    }

    public static boolean equals(boolean[] a, boolean[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != a2[i]) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(boolean[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(a[i]);
        }
        b.append(']');
        return b.toString();
    }

    // ---- Object[] ----

    public static void fill(Object[] a, Object val) {
        for (int i = 0; i < a.length; i++) {
            a[i] = val;
        }
    }

    public static void fill(Object[] a, int fromIndex, int toIndex, Object val) {
        rangeCheck(a.length, fromIndex, toIndex);
        for (int i = fromIndex; i < toIndex; i++) {
            a[i] = val;
        }
    }

    public static boolean equals(Object[] a, Object[] a2) {
        if (a == a2) {
            return true;
        }
        if (a == null || a2 == null) {
            return false;
        }
        if (a2.length != a.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] == null ? a2[i] == null : a[i].equals(a2[i]))) {
                return false;
            }
        }
        return true;
    }

    /** "[e0, e1, ...]", or "null" for a null array. */
    public static String toString(Object[] a) {
        if (a == null) {
            return "null";
        }
        if (a.length == 0) {
            return "[]";
        }
        StringBuilder b = new StringBuilder();
        b.append('[');
        for (int i = 0; i < a.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(String.valueOf(a[i]));
        }
        b.append(']');
        return b.toString();
    }

    // ---- sorting int[] ----

    public static void sort(int[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(int[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                int x = a[i];
                int j = i - 1;
                while (j >= start && !(a[j] <= x)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        int[] tmp = new int[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (a[mid - 1] <= a[mid]) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (tmp[i] <= a[j]) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting long[] ----

    public static void sort(long[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(long[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                long x = a[i];
                int j = i - 1;
                while (j >= start && !(a[j] <= x)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        long[] tmp = new long[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (a[mid - 1] <= a[mid]) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (tmp[i] <= a[j]) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting short[] ----

    public static void sort(short[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(short[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                short x = a[i];
                int j = i - 1;
                while (j >= start && !(a[j] <= x)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        short[] tmp = new short[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (a[mid - 1] <= a[mid]) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (tmp[i] <= a[j]) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting byte[] ----

    public static void sort(byte[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(byte[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                byte x = a[i];
                int j = i - 1;
                while (j >= start && !(a[j] <= x)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        byte[] tmp = new byte[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (a[mid - 1] <= a[mid]) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (tmp[i] <= a[j]) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting char[] ----

    public static void sort(char[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(char[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                char x = a[i];
                int j = i - 1;
                while (j >= start && !(a[j] <= x)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        char[] tmp = new char[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (a[mid - 1] <= a[mid]) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (tmp[i] <= a[j]) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting float[] ----

    public static void sort(float[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(float[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                float x = a[i];
                int j = i - 1;
                while (j >= start && !(lessEq(a[j], x))) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        float[] tmp = new float[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (lessEq(a[mid - 1], a[mid])) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (lessEq(tmp[i], a[j])) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting double[] ----

    public static void sort(double[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(double[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                double x = a[i];
                int j = i - 1;
                while (j >= start && !(lessEq(a[j], x))) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        double[] tmp = new double[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (lessEq(a[mid - 1], a[mid])) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (lessEq(tmp[i], a[j])) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    // ---- sorting String[] ----

    public static void sort(String[] a) {
        sort(a, 0, a.length);
    }

    public static void sort(String[] a, int fromIndex, int toIndex) {
        rangeCheck(a.length, fromIndex, toIndex);
        int n = toIndex - fromIndex;
        if (n < 2) {
            return;
        }
        // insertion-sort runs of 16
        for (int start = fromIndex; start < toIndex; start += 16) {
            int end = start + 16 < toIndex ? start + 16 : toIndex;
            for (int i = start + 1; i < end; i++) {
                String x = a[i];
                int j = i - 1;
                while (j >= start && !(a[j].compareTo(x) <= 0)) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = x;
            }
        }
        // merge passes
        String[] tmp = new String[n];
        for (int width = 16; width < n; width *= 2) {
            for (int left = fromIndex; left < toIndex - width; left += 2 * width) {
                int mid = left + width;
                int right = (toIndex - mid > width) ? mid + width : toIndex;
                if (a[mid - 1].compareTo(a[mid]) <= 0) {
                    continue;
                }
                System.arraycopy(a, left, tmp, 0, mid - left);
                int i = 0;
                int iEnd = mid - left;
                int j = mid;
                int k = left;
                while (i < iEnd && j < right) {
                    if (tmp[i].compareTo(a[j]) <= 0) {
                        a[k] = tmp[i];
                        i++;
                    } else {
                        a[k] = a[j];
                        j++;
                    }
                    k++;
                }
                while (i < iEnd) {
                    a[k] = tmp[i];
                    i++;
                    k++;
                }
            }
        }
    }

    /** Java's binary search: an index of key, or -(insertion point) - 1. */
    public static int binarySearch(int[] a, int key) {
        int low = 0;
        int high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            int midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Java's binary search: an index of key, or -(insertion point) - 1. */
    public static int binarySearch(long[] a, long key) {
        int low = 0;
        int high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Java's binary search: an index of key, or -(insertion point) - 1. */
    public static int binarySearch(char[] a, char key) {
        int low = 0;
        int high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            char midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Java's binary search: an index of key, or -(insertion point) - 1. */
    public static int binarySearch(double[] a, double key) {
        int low = 0;
        int high = a.length - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            double midVal = a[mid];
            if (midVal < key) {
                low = mid + 1;
            } else if (midVal > key) {
                high = mid - 1;
            } else {
                long midBits = Double.doubleToLongBits(midVal);
                long keyBits = Double.doubleToLongBits(key);
                if (midBits == keyBits) {
                    return mid;
                } else if (midBits < keyBits) {
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
        }
        return -(low + 1);
    }
}
