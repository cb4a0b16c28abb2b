// Wrappers.bb — the original distribution's mutable wrappers `intwrapper`,
// `floatwrapper` and `doublewrapper`: an object holding one public `value`
// field, e.g. a counter kept in a HashMap and bumped in place.
//
// Natives: none.

public class intwrapper {

    public int value;

    public intwrapper() {
        value = 0;
    }

    public intwrapper(int value) {
        this.value = value;
    }
}

public class floatwrapper {

    public float value;

    public floatwrapper() {
        value = 0.0f;
    }

    public floatwrapper(float value) {
        this.value = value;
    }
}

public class doublewrapper {

    public double value;

    public doublewrapper() {
        value = 0.0;
    }

    public doublewrapper(double value) {
        this.value = value;
    }
}

// The original dialect (`--dialect original`) uses a wrapper field or array
// element as its primitive: reading one goes through `unwrap`, writing one
// through `store` (sema/wrappers.rs). A wrapper never written reads as 0.
public class WrapperAccess {

    private WrapperAccess() {
    }

    public static int unwrap(intwrapper w) {
        return w == null ? 0 : w.value;
    }

    public static float unwrap(floatwrapper w) {
        return w == null ? 0.0f : w.value;
    }

    public static double unwrap(doublewrapper w) {
        return w == null ? 0.0 : w.value;
    }

    /** `w` holding `v`: a new wrapper when `w` is null. */
    public static intwrapper store(intwrapper w, int v) {
        if (w == null) return new intwrapper(v);
        w.value = v;
        return w;
    }

    public static floatwrapper store(floatwrapper w, float v) {
        if (w == null) return new floatwrapper(v);
        w.value = v;
        return w;
    }

    public static doublewrapper store(doublewrapper w, double v) {
        if (w == null) return new doublewrapper(v);
        w.value = v;
        return w;
    }
}
