// The Java side of the library programs (library.rs): runs each program
// named on the command line and says how it ended; System.exit becomes
// LibExit.exit, which throws, so that one JVM runs them all.
import java.util.*;

class LibExit extends RuntimeException {
    final int status;
    LibExit(int status) { super(null, null, false, false); this.status = status; }
    static void exit(int status) { throw new LibExit(status); }
}

public class LibMain {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            System.out.println("=== case " + name.substring(1));
            String end;
            try {
                java.lang.reflect.Method m = Class.forName(name).getDeclaredMethod("run");
                m.invoke(null);
                end = "ok";
            } catch (java.lang.reflect.InvocationTargetException e) {
                Throwable t = e.getCause();
                if (t instanceof LibExit) {
                    end = "exit " + ((LibExit) t).status;
                } else {
                    String where = "?";
                    for (StackTraceElement f : t.getStackTrace()) {
                        if (f.getClassName().equals(name)) {
                            where = f.getMethodName() + ":" + f.getLineNumber();
                            break;
                        }
                    }
                    boolean inLibrary = !t.getStackTrace()[0].getClassName().equals(name);
                    String msg = t.getMessage();
                    end = "error " + t.getClass().getSimpleName() + (inLibrary ? " lib" : " core")
                        + (msg == null ? "" : ": " + msg) + " @ " + where;
                }
            }
            System.out.println("!!! " + end);
        }
        System.out.flush();
    }
}
