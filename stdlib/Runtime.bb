// Runtime.bb — `BambooRuntime`: the hooks through which library code reaches
// the run-time system itself. Not part of Java; user programs may call it,
// but it exists for the standard library.
//
// Natives the C runtime must supply (see NATIVES.md):
//   BambooRuntime.error(String kind, String message)   raise a run-time error
//   BambooRuntime.className(Object o)                  the dynamic class name
//                                                       (Java's getName())
//
// Where Java's library throws an exception (NumberFormatException,
// IndexOutOfBoundsException, NoSuchElementException, ...), the Bamboo
// library calls `BambooRuntime.error` with the Java exception's simple class
// name as `kind` and Java's detail message as `message`. The call never
// returns: it ends the whole program with exit status 1, like any other
// run-time error (LANGUAGE.md section 1). Code after the call exists only to
// satisfy the definite-return rules.

public class BambooRuntime {

    private BambooRuntime() {
    }

    /**
     * Raises a Bamboo run-time error: flushes what the program printed, writes
     * one line on stderr naming `kind`, `message` (if not null), the running
     * task and a source location, then exits with status 1. Never returns.
     */
    public static native void error(String kind, String message);

    /** The name of the dynamic class of `o` (Java's getClass().getName()), e.g. "Text". */
    public static native String className(Object o);
}
