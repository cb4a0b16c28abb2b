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
