// A generic local is reported at its first `<`, not at the second one, nor
// as an unexpected comma.
class A {
    void f() {
        Vector<String> v = new Vector<String>(); //~ ERROR E0012
    }
    void g() {
        HashMap<String, Vector<Integer>> m = null; //~ ERROR E0012
    }
}

task startup(StartupObject s in initialstate) {
    taskexit(s: initialstate := false);
}
