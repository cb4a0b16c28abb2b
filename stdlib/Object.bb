// Object.bb — the root class `Object`, which every class extends.
//
// Natives the C runtime must supply (see NATIVES.md):
//   Object.hashCode()   the identity hash code of the object
// `toString()` is written here in Bamboo, as Java's
// `getClass().getName() + "@" + Integer.toHexString(hashCode())`, using the
// native `BambooRuntime.className(Object)` (Runtime.bb).

public class Object {

    public Object() {
    }

    /** Identity equality, as java.lang.Object.equals. */
    public boolean equals(Object obj) {
        return this == obj;
    }

    /** The identity hash code (the same value as System.identityHashCode). */
    public native int hashCode();

    /** `ClassName@hex`, where hex is this object's (possibly overridden) hashCode. */
    public String toString() {
        return BambooRuntime.className(this) + "@" + Integer.toHexString(hashCode());
    }
}
