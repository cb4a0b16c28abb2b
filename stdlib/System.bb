// System.bb — `System` (output, time, exit, arraycopy, and the original
// distribution's static print methods) and `PrintStream` (the class of
// System.out and System.err).
//
// Natives the C runtime must supply (see NATIVES.md):
//   PrintStream.write(int fd, String s, boolean newline)   atomic output
//   PrintStream.flush(int fd)
//   System.exit, System.gc, System.nanoTime, System.currentTimeMillis,
//   System.microTimes, System.getticks, System.arraycopy,
//   System.identityHashCode
// Printing is written here in Bamboo: every print/println call turns its
// argument into a String (Java's String.valueOf rules) and hands it to
// PrintStream.write in ONE call, with the newline if any, so each call's text
// reaches the stream whole (LANGUAGE.md section 3).
//
// LANGUAGE-CONTRACT EXCEPTION: `System.out` and `System.err` are `static
// final` fields of a class type initialised with `new`, which user programs
// may not declare (only constants of primitive or String type). The standard
// library is allowed these two: a PrintStream holds nothing but an immutable
// file descriptor number, so the fields are immutable global state, safe to
// share between cores. The compiler builds both objects once, before the
// startup task runs.

public class PrintStream {

    // 1 = standard output, 2 = standard error.
    private final int fd;

    PrintStream(int fd) {
        this.fd = fd;
    }

    /**
     * Writes s (the four characters "null" if s is null), then "\n" if
     * newline, to file descriptor fd (2 = stderr, anything else = stdout),
     * as one indivisible piece of output.
     */
    static native void write(int fd, String s, boolean newline);

    /** Pushes any buffered output of fd to the operating system. */
    static native void flush(int fd);

    public void flush() {
        flush(fd);
    }

    // ---- print ----

    public void print(String s) {
        write(fd, s, false);
    }

    public void print(Object obj) {
        write(fd, String.valueOf(obj), false);
    }

    public void print(boolean b) {
        write(fd, b ? "true" : "false", false);
    }

    public void print(char c) {
        write(fd, String.valueOf(c), false);
    }

    public void print(int i) {
        write(fd, Integer.toString(i), false);
    }

    public void print(long l) {
        write(fd, Long.toString(l), false);
    }

    public void print(float f) {
        write(fd, Float.toString(f), false);
    }

    public void print(double d) {
        write(fd, Double.toString(d), false);
    }

    public void print(char[] s) {
        write(fd, new String(s), false);
    }

    // ---- println ----

    public void println() {
        write(fd, "", true);
    }

    public void println(String s) {
        write(fd, s, true);
    }

    public void println(Object obj) {
        write(fd, String.valueOf(obj), true);
    }

    public void println(boolean b) {
        write(fd, b ? "true" : "false", true);
    }

    public void println(char c) {
        write(fd, String.valueOf(c), true);
    }

    public void println(int i) {
        write(fd, Integer.toString(i), true);
    }

    public void println(long l) {
        write(fd, Long.toString(l), true);
    }

    public void println(float f) {
        write(fd, Float.toString(f), true);
    }

    public void println(double d) {
        write(fd, Double.toString(d), true);
    }

    public void println(char[] s) {
        write(fd, new String(s), true);
    }
}

public class System {

    /** Standard output (see the contract exception in this file's header). */
    public static final PrintStream out = new PrintStream(1);

    /** Standard error (see the contract exception in this file's header). */
    public static final PrintStream err = new PrintStream(2);

    private System() {
    }

    // ---- natives ----

    /** Flushes stdout and stderr and ends the whole program at once with `status`. */
    public static native void exit(int status);

    /** A hint: the collector may run at the next task boundary. */
    public static native void gc();

    /** A monotonic clock in nanoseconds (arbitrary origin). */
    public static native long nanoTime();

    /** Wall-clock time in milliseconds since 1970-01-01T00:00:00Z. */
    public static native long currentTimeMillis();

    /** Original distribution: wall-clock time in microseconds. */
    public static native long microTimes();

    /** Original distribution: a cycle counter (or the finest clock available). */
    public static native long getticks();

    /** Java's System.arraycopy, overlapping ranges included. */
    public static native void arraycopy(Object src, int srcPos, Object dest, int destPos, int length);

    /** The identity hash code of x (0 for null), whatever x.hashCode() does. */
    public static native int identityHashCode(Object x);

    public static String lineSeparator() {
        return "\n";
    }

    // ---- original distribution's output methods (no newline unless named) ----

    public static void printString(String s) {
        PrintStream.write(1, s, false);
    }

    public static void printInt(int i) {
        PrintStream.write(1, Integer.toString(i), false);
    }

    /** Prints the number and a newline. */
    public static void printI(int i) {
        PrintStream.write(1, Integer.toString(i), true);
    }

    public static void printDouble(double d) {
        PrintStream.write(1, Double.toString(d), false);
    }

    public static void print(String s) {
        out.print(s);
    }

    public static void print(Object obj) {
        out.print(obj);
    }

    public static void print(boolean b) {
        out.print(b);
    }

    public static void print(char c) {
        out.print(c);
    }

    public static void print(int i) {
        out.print(i);
    }

    public static void print(long l) {
        out.print(l);
    }

    public static void print(float f) {
        out.print(f);
    }

    public static void print(double d) {
        out.print(d);
    }

    public static void print(char[] s) {
        out.print(s);
    }

    public static void println() {
        out.println();
    }

    public static void println(String s) {
        out.println(s);
    }

    public static void println(Object obj) {
        out.println(obj);
    }

    public static void println(boolean b) {
        out.println(b);
    }

    public static void println(char c) {
        out.println(c);
    }

    public static void println(int i) {
        out.println(i);
    }

    public static void println(long l) {
        out.println(l);
    }

    public static void println(float f) {
        out.println(f);
    }

    public static void println(double d) {
        out.println(d);
    }

    public static void println(char[] s) {
        out.println(s);
    }
}
